/** SPEC sections 4 and 9: how many menu items fit before the rest move into 'More'. */
import {
  MENU_TOTAL_MARGIN,
  MENU_TOTAL_SPECIAL,
  MENU_TOTAL_WIDE,
  OVERFLOW_DISTRIBUTED,
  OVERFLOW_DISTRIBUTED_MARGIN,
  OVERFLOW_FIXED_MARGIN,
  OVERFLOW_THRESHOLD,
} from './constants.ts';
import { hasSpecialLayout } from './special-sites.ts';

export type OverflowContext = {
  /** the header is in its fixed (ceiling) state */
  fixed: boolean;
  windowWidth: number;
  /** full-width distributed menu (navStyle 2 and the like) */
  distributed?: boolean;
};

/** The width the menu may use: 650 px (window − 820 when fixed); distributed: 1100 (window − 180 when fixed). */
export function overflowLimit(ctx: OverflowContext): number {
  if (ctx.distributed) return ctx.fixed ? ctx.windowWidth - OVERFLOW_DISTRIBUTED_MARGIN : OVERFLOW_DISTRIBUTED;
  return ctx.fixed ? ctx.windowWidth - OVERFLOW_FIXED_MARGIN : OVERFLOW_THRESHOLD;
}

/** How many leading items fit: the first item whose cumulative width exceeds the limit, and all after it, overflow. */
export function fittingCount(widths: readonly number[], limit: number): number {
  let total = 0;
  for (let i = 0; i < widths.length; i++) {
    total += widths[i] ?? 0;
    if (total > limit) return i;
  }
  return widths.length;
}

/** Splits items into those shown in the bar and those moved into 'More'. */
export function splitOverflow<T>(items: readonly T[], widths: readonly number[], limit: number): { shown: T[]; more: T[] } {
  const count = fittingCount(widths, limit);
  return { shown: items.slice(0, count), more: items.slice(count) };
}

export type ItemWidthContext = {
  navStyle: number;
  navDistribution: number;
  sld: string;
  windowWidth: number;
  count: number;
};

/** The total width menu items share: 1200 for navStyle 2 (or 4 without distribution), 1000 on the special sites, else window − 80. */
export function menuTotalWidth(ctx: Omit<ItemWidthContext, 'count'>): number {
  if (ctx.navStyle === 2 || (ctx.navStyle === 4 && ctx.navDistribution === 0)) return MENU_TOTAL_WIDE;
  if (hasSpecialLayout(ctx.sld)) return MENU_TOTAL_SPECIAL;
  return ctx.windowWidth - MENU_TOTAL_MARGIN;
}

/** The width of one menu item when the total is shared evenly. */
export function menuItemWidth(ctx: ItemWidthContext): number {
  if (ctx.count <= 0) return 0;
  return menuTotalWidth(ctx) / ctx.count;
}
