/** Builds the header's menu entries: the menu filter (docs/product-rules.md#menu-filter), then each item's target. */
import type { ContentSource } from '../../content/source.ts';
import type { Channel, Site } from '../../content/types.ts';
import type { NavEntry } from '../../islands/nav-types.ts';
import type { Lang } from '../../lib/lang.ts';
import { filterMenu, type MenuEntry } from '../../lib/menu-filter.ts';
import { familyOf, findFirstExpertIds, menuTarget, type TargetContext } from '../../lib/menu-targets.ts';

export type NavData = { entries: NavEntry[]; missingLanguage: Channel[] };

function isCurrent(href: string, pathname: string): boolean {
  if (/^https?:/.test(href) || href.includes('?')) return false;
  return href === pathname || href === `${pathname}/`;
}

export async function loadNavEntries(
  source: Pick<ContentSource, 'getFirstTwoPeriods' | 'listEditorialTopics' | 'listExperts'>,
  site: Site,
  channels: Channel[],
  publicationId: number | null,
  lang: Lang,
  pathname: string,
): Promise<NavData> {
  const { items, missingLanguage } = filterMenu(channels, lang);
  const all: MenuEntry[] = items.flatMap((item) => [item, ...item.children]);
  const codes = new Set(all.map((item) => item.code));
  const periods =
    publicationId !== null && (codes.has('directory') || codes.has('backissue'))
      ? await source.getFirstTwoPeriods(site.id, publicationId)
      : [];
  const firstExpertIds = await findFirstExpertIds(
    source,
    site.id,
    all.filter((item) => item.code === 'editorial').map((item) => item.id),
  );
  const ctx: TargetContext = {
    lang,
    site,
    family: familyOf(pathname),
    firstPeriods: periods[0] ?? null,
    secondPeriods: periods[1] ?? null,
    firstExpertIds,
  };
  const entries = items.map((item): NavEntry => {
    const target = menuTarget(item, ctx);
    return {
      label: item.label,
      href: target.href,
      newTab: target.newTab,
      current: isCurrent(target.href, pathname),
      children: item.children.map((child) => {
        const t = menuTarget(child, ctx);
        return { label: child.label, href: t.href, newTab: t.newTab, current: isCurrent(t.href, pathname) };
      }),
    };
  });
  return { entries, missingLanguage };
}
