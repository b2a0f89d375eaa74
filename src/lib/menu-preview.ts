/**
 * The public header's menu as the console previews it while an editor works: the editor's flat
 * rows made into the channel tree, the menu filter (docs/product-rules.md#menu-filter) and the
 * overflow rule (docs/product-rules.md#menu-overflow) the header itself applies.
 */
import type { Channel } from '../content/types.ts';
import { PHONE_MAX_WIDTH } from './constants.ts';
import type { Lang } from './lang.ts';
import { filterMenu } from './menu-filter.ts';
import { fittingCount, isDistributedNav, overflowLimit } from './overflow.ts';

/** a channel as the admin API lists it */
export type MenuRow = {
  id: number;
  siteId: number;
  parentId: number;
  code: string;
  name: string | null;
  enName: string | null;
  enable: string;
  sortOrder: number;
  route: string | null;
  linkValue: string | null;
};

/** what of the header config decides where the menu goes */
export type HeaderLayout = { navStyle: number; navDistribution: number; isCeiling: number };

/** the screen widths the console previews */
export const PREVIEW_WIDTHS: readonly number[] = [1280, 1024, 768];

/** navStyle 3 is the side slider: no bar, the menu is always behind its button */
const SIDE_SLIDER_STYLE = 3;

/** The flat rows as the channel tree the header reads (children of a missing parent are dropped, as the site's tree does). */
function channelTree(rows: readonly MenuRow[]): Channel[] {
  const nodes = new Map<number, Channel>();
  for (const row of rows)
    nodes.set(row.id, {
      ...row,
      linkType: null,
      bannerId: null,
      bannerUrl: null,
      newsDataType: null,
      styleId: null,
      children: [],
    });
  const top: Channel[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === 0) top.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return top;
}

/** The labels of the header bar's items in a language, in menu order. */
export function barLabels(rows: readonly MenuRow[], lang: Lang): string[] {
  return filterMenu(channelTree(rows), lang).items.map((item) => item.label);
}

/** How the header places its items on a screen: null when no bar is shown (phones, the side slider). */
type Placement = { shown: number; fixedShown: number | null } | null;

/**
 * How many of the bar's items (their measured widths) stay in the bar at a screen width, in the
 * header's normal state and, when the site has a fixed (ceiling) header, once it is fixed.
 */
export function placementAt(widths: readonly number[], layout: HeaderLayout, windowWidth: number): Placement {
  if (windowWidth <= PHONE_MAX_WIDTH || layout.navStyle === SIDE_SLIDER_STYLE) return null;
  const distributed = isDistributedNav(layout.navStyle, layout.navDistribution);
  const shown = (fixed: boolean) => fittingCount(widths, overflowLimit({ fixed, windowWidth, distributed }));
  return { shown: shown(false), fixedShown: layout.isCeiling === 1 ? shown(true) : null };
}
