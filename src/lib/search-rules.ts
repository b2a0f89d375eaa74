/** SPEC sections 2, 5 and 9: the search box's rules, shared by the island and the no-JS form. */
import type { SearchConfigEntry, Site } from '../content/types.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_LENGTH_FIXED } from './constants.ts';
import {
  LIMITED_SEARCH_CODES,
  LIMITED_SEARCH_SLDS,
  parseResourceTypeList,
  type ResourceCode,
  resourceTypeByCode,
} from './resource-types.ts';
import { withQuery } from './routes.ts';

export type SearchMode = 'singleSearch' | 'tmallSearch';

/** singleSearch for single and group sites, tmallSearch for the rest. */
export function searchModeFor(site: Pick<Site, 'type'>): SearchMode {
  return site.type === 'single' || site.type === 'group' ? 'singleSearch' : 'tmallSearch';
}

export function maxSearchLength(fixedHeader: boolean): number {
  return fixedHeader ? SEARCH_MAX_LENGTH_FIXED : SEARCH_MAX_LENGTH;
}

/** Cuts the text to the limit (counting characters, not UTF-16 units). */
export function clampSearchText(text: string, fixedHeader = false): string {
  const chars = [...text];
  const max = maxSearchLength(fixedHeader);
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** An empty (or blank) search does not search: the box only toggles. */
export function shouldSearch(text: string): boolean {
  return text.trim() !== '';
}

export type SearchTypeOption = { code: ResourceCode; name: string; enName: string };

/**
 * The search types the box offers: the site's search config (in its order) limited to the header's
 * resourceType list when one is set, and to thesis/picture/audio/video on the special slds.
 */
export function searchTypesFor(config: readonly SearchConfigEntry[], sld: string, resourceTypeList = ''): SearchTypeOption[] {
  const allowedByHeader = new Set(parseResourceTypeList(resourceTypeList).map((t) => t.code));
  const limited = LIMITED_SEARCH_SLDS.includes(sld);
  const seen = new Set<ResourceCode>();
  const options: SearchTypeOption[] = [];
  for (const entry of config) {
    const type = resourceTypeByCode(entry.code);
    if (!type || seen.has(type.code)) continue;
    if (allowedByHeader.size > 0 && !allowedByHeader.has(type.code)) continue;
    if (limited && !LIMITED_SEARCH_CODES.includes(type.code)) continue;
    seen.add(type.code);
    options.push({ code: type.code, name: entry.name || type.name, enName: entry.enName || type.enName });
  }
  return options;
}

/** Conditions come in two sets: journals have their own fields, everything else uses the article fields. */
export function conditionTypeFor(code: ResourceCode): 'article' | 'publication' {
  return code === 'publication' ? 'publication' : 'article';
}

/** The result page path of a search type (SPEC section 2, result pages). */
export function resultPath(code: ResourceCode): string {
  return resourceTypeByCode(code)?.resultPage ?? '/article';
}

export type SearchRequest = { code: ResourceCode; mode: SearchMode; text: string; field?: string | undefined };

/** The result URL a search opens in a new window: type, index (-1: no menu highlight; 0 for journals), searchType, searchText. */
export function resultUrl(request: SearchRequest): string {
  return withQuery(resultPath(request.code), {
    type: request.code,
    index: request.code === 'publication' ? 0 : -1,
    searchType: request.mode,
    searchText: request.text,
    field: request.field,
  });
}
