/**
 * The header's geometry, in one place (docs/product-rules.md#menu-overflow): which menus are distributed, the
 * widths menu items share, and how many items fit before the rest move into 'More'. The
 * stylesheets read the widths through headerGeometryStyle's custom properties.
 */
import {
  MENU_TOTAL_SPECIAL,
  MENU_TOTAL_WIDE,
  OVERFLOW_DISTRIBUTED,
  OVERFLOW_DISTRIBUTED_MARGIN,
  OVERFLOW_FIXED_MARGIN,
  OVERFLOW_THRESHOLD,
} from './constants.ts';

export type OverflowContext = {
  /** the header is in its fixed (ceiling) state */
  fixed: boolean;
  windowWidth: number;
  /** full-width distributed menu (navStyle 2 and the like) */
  distributed?: boolean;
};

/**
 * The width the menu may use: 650 px (window − 820 when fixed); distributed: 1100, never more than
 * window − 180 (a 1024 px screen has no 1100 px bar: 'More' would wrap onto a second row), and
 * window − 180 when fixed.
 */
export function overflowLimit(ctx: OverflowContext): number {
  if (ctx.distributed)
    return ctx.fixed
      ? ctx.windowWidth - OVERFLOW_DISTRIBUTED_MARGIN
      : Math.min(OVERFLOW_DISTRIBUTED, ctx.windowWidth - OVERFLOW_DISTRIBUTED_MARGIN);
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

/** navStyle 2, and 4 without distribution, spread the menu over one full-width bar. */
export function isDistributedNav(navStyle: number, navDistribution: number): boolean {
  return navStyle === 2 || (navStyle === 4 && navDistribution === 0);
}

/** The widths the header's stylesheets use, as custom properties for the header element. */
export function headerGeometryStyle(): string {
  return `--menu-total-wide: ${MENU_TOTAL_WIDE}px; --menu-total-special: ${MENU_TOTAL_SPECIAL}px`;
}
