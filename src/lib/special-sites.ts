/** docs/product-rules.md#special-sites: sites known by short name that get a different header. */
import { LIMITED_SEARCH_SLDS } from './resource-types.ts';

/** different header layout (and limited search types, see resource-types.ts) */
export const SPECIAL_LAYOUT_SLDS: readonly string[] = LIMITED_SEARCH_SLDS;
/** taller header */
export const TALL_HEADER_SLDS: readonly string[] = ['syhg', 'gzxb', 'yhy'];

export function hasSpecialLayout(sld: string): boolean {
  return SPECIAL_LAYOUT_SLDS.includes(sld);
}

export function hasTallHeader(sld: string): boolean {
  return TALL_HEADER_SLDS.includes(sld);
}
