/** docs/product-rules.md#search-box: the search box's rules, shared by the island and the no-JS form. */
import type { SearchConfigEntry, Site } from '../content/types.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_LENGTH_FIXED } from './constants.ts';
import { isLang, type Lang } from './lang.ts';
import {
  LIMITED_SEARCH_CODES,
  LIMITED_SEARCH_SLDS,
  parseResourceTypeList,
  RESOURCE_TYPES,
  type ResourceCode,
  resourceTypeByCode,
} from './resource-types.ts';
import { withQuery } from './routes.ts';
import { type Checked, fail, parseSimpleSearch, type SimpleSearch, simpleSearchParams } from './search-query.ts';

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
export function searchTypesFor(
  config: readonly SearchConfigEntry[],
  sld: string,
  resourceTypeList = '',
): SearchTypeOption[] {
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

export { conditionTypeFor } from './resource-types.ts';

/** The result page path of a search type (docs/product-rules.md#result-pages). */
export function resultPath(code: ResourceCode): string {
  return resourceTypeByCode(code)?.resultPage ?? '/article';
}

export type SearchRequest = {
  code: ResourceCode;
  mode: SearchMode;
  text: string;
  field?: string | undefined;
  lang?: Lang | undefined;
};

/** index -1: no menu highlight; journals' result page uses 0 */
const defaultIndex = (code: ResourceCode) => (code === 'publication' ? 0 : -1);

/**
 * The result URL a search opens in a new window: type, index, searchType, searchText, and lang so
 * a search from an English page opens an English result page.
 */
export function resultUrl(request: SearchRequest): string {
  return withQuery(resultPath(request.code), {
    type: request.code,
    index: defaultIndex(request.code),
    searchType: request.mode,
    searchText: request.text,
    field: request.field,
    lang: request.lang,
  });
}

/** A result page's URL state (docs/product-rules.md#result-pages): the route's own parameters and the search itself. */
export type ResultRoute = { index: number; mode: SearchMode; lang: Lang | null; search: SimpleSearch };

/**
 * Reads a result page URL; null when the path is no result page. The type must belong to the path
 * (/textList shows pictures and tables, not videos), and each path has a default type.
 */
export function parseResultRoute(path: string, params: URLSearchParams): Checked<ResultRoute> | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/u, '') : path;
  const pathTypes = RESOURCE_TYPES.filter((type) => type.resultPage === trimmed);
  if (pathTypes.length === 0) return null;
  const query = new URLSearchParams(params);
  if (!query.get('type')) query.set('type', pathTypes[0]!.code);
  const search = parseSimpleSearch(query, 'searchText');
  if (!search.ok) return search;
  if (!pathTypes.some((type) => type.code === search.value.type)) return fail('unknownType', 'type');
  const indexValue = params.get('index') ?? '';
  if (indexValue !== '' && !/^-?\d{1,4}$/u.test(indexValue)) return fail('badNumber', 'index');
  const modeValue = params.get('searchType') || 'singleSearch';
  if (modeValue !== 'singleSearch' && modeValue !== 'tmallSearch') return fail('badValue', 'searchType');
  const lang = params.get('lang');
  return {
    ok: true,
    value: {
      index: indexValue === '' ? defaultIndex(search.value.type) : Number(indexValue),
      mode: modeValue,
      lang: isLang(lang) ? lang : null,
      search: search.value,
    },
  };
}

/** A result page URL from its state: the inverse of parseResultRoute. */
export function resultRouteHref(route: ResultRoute): string {
  const search = simpleSearchParams(route.search, 'searchText');
  const params = new URLSearchParams({ type: route.search.type, index: String(route.index), searchType: route.mode });
  for (const [key, value] of search) if (key !== 'type') params.append(key, value);
  if (route.lang) params.set('lang', route.lang);
  return `${resultPath(route.search.type)}?${params}`;
}
