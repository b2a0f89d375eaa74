/**
 * What a result page (docs/product-rules.md#result-pages: /article, /textList, /audioList, /informationList,
 * /othersList, /searchPublication) shows, from its URL: the search, its hits and facets, or the
 * message for a search that cannot run. The links (sorts, year windows, facets, pager) are all
 * result URLs, so the page works without JavaScript and every state has its own address.
 */
import type { ContentSource } from '../../content/source.ts';
import type { SearchClusters, SearchResult, Site } from '../../content/types.ts';
import { searchErrorMessage } from '../../i18n/search-errors.ts';
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { type FilterParam, newSearch, type SimpleSearch } from '../../lib/search-query.ts';
import {
  parseResultRoute,
  type ResultRoute,
  resultRouteHref,
  type SearchMode,
  searchModeFor,
} from '../../lib/search-rules.ts';

export type ResultsView =
  | { kind: 'form'; status: 200; route: ResultRoute }
  | { kind: 'error'; status: 400; message: string; route: ResultRoute | null }
  | { kind: 'results'; status: 200; route: ResultRoute; result: SearchResult; clusters: SearchClusters };

/** The route an empty visit shows: the path's own type, no text yet. */
function emptyRoute(mode: SearchMode, type: SimpleSearch['type'], lang: Lang | null): ResultRoute {
  return {
    index: type === 'publication' ? 0 : -1,
    mode,
    lang,
    search: newSearch(type),
  };
}

export async function loadResults(
  url: URL,
  source: ContentSource,
  site: Site,
  lang: Lang,
  defaultType: SimpleSearch['type'],
): Promise<ResultsView> {
  const params = url.searchParams;
  if ((params.get('searchText') ?? '') === '' && !params.has('q'))
    return { kind: 'form', status: 200, route: emptyRoute(searchModeFor(site), defaultType, lang) };
  const parsed = parseResultRoute(url.pathname, params);
  if (!parsed) return { kind: 'error', status: 400, message: '', route: null };
  if (!parsed.ok) return { kind: 'error', status: 400, message: searchErrorMessage(parsed.error, lang), route: null };
  const route = parsed.value;
  const [result, clusters] = await Promise.all([
    source.search(site.id, route.search),
    source.searchClusters(site.id, route.search),
  ]);
  return { kind: 'results', status: 200, route, result, clusters };
}

/** The same search with some of its state changed; a change of anything but the page starts at page 1. */
export function changed(route: ResultRoute, change: Partial<SimpleSearch>): string {
  const page = change.page ?? 1;
  return resultRouteHref({ ...route, search: { ...route.search, ...change, page } });
}

/** A facet value's link: adds the value to its filter, or takes it out when chosen already; null when the filter is full. */
export function toggleFilter(route: ResultRoute, name: FilterParam, value: string): string | null {
  const current = route.search.filters[name];
  const chosen = current.includes(value);
  if (!chosen && current.length >= MAX_SELECTIONS) return null;
  const next = chosen ? current.filter((v) => v !== value) : [...current, value];
  return changed(route, { filters: { ...route.search.filters, [name]: next } });
}

/** A search for one keyword, author or institution of an article: the links on article pages. */
export function fieldSearchHref(
  field: 'keyword' | 'author' | 'institution',
  text: string,
  siteType: Site['type'],
  lang: Lang,
): string {
  const route = emptyRoute(searchModeFor({ type: siteType }), 'article', lang);
  // characters the search rejects (quotes, * ^ { } [ ] ~ \\ |) are not part of any word it matches
  const words = [
    ...text
      .replace(/["“”*^{}[\]~\\|]/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim(),
  ]
    .slice(0, SEARCH_MAX_LENGTH)
    .join('');
  return resultRouteHref({ ...route, search: { ...route.search, field, text: words } });
}
