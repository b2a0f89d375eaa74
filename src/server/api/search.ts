/**
 * Search (docs/product-rules.md#search): the simple search, its facets, the advanced search and the analyzer. Text
 * rules and error codes live in src/lib (search-query.ts, advanced-search.ts), so the result pages
 * and these routes answer bad input with the same message in the request's language.
 */
import { z } from 'zod';
import { searchClustersSchema, searchResultSchema } from '../../content/types.ts';
import { searchErrorMessage } from '../../i18n/search-errors.ts';
import { parseAdvancedSearch } from '../../lib/advanced-search.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import type { Lang } from '../../lib/lang.ts';
import {
  type Checked,
  checkText,
  FILTER_PARAMS,
  parseSimpleSearch,
  SORTS,
  searchTypeOf,
  YEAR_FILTERS,
} from '../../lib/search-query.ts';
import { analyze } from '../search/analyze.ts';
import { advancedSearch, simpleSearch, simpleSearchClusters } from '../search/service.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { type ApiContext, route } from './route.ts';

const tag = 'search';
// the text rules (length, syntax) are src/lib's, so their message is the one answered
const optionalText = z.string().optional();

/** Filters may repeat (journal=1&journal=2) or be ';'-separated; each at most MAX_SELECTIONS values. */
const filterParams = Object.fromEntries(
  FILTER_PARAMS.map((name) => [name, optionalText.describe(`${name} filter values, ';'-separated, at most 5`)]),
);

const simpleQuery = z.object({
  type: optionalText.describe("resource code; 'thesis' is 'article'"),
  field: optionalText.describe('search field of the type (search-conditions); none: all fields'),
  q: optionalText.describe('the search text, at most 150 characters'),
  page: optionalText.describe('1-based page'),
  size: optionalText.describe('page size, 20 by default'),
  sort: optionalText.describe(SORTS.join(', ')),
  year: optionalText.describe(`${YEAR_FILTERS.join(', ')}: all, or the last 5, 3 or 1 years`),
  ...filterParams,
});

const advancedQuery = z.looseObject({
  field1: optionalText.describe(
    'field of row n (title, author, institution, keyword, abstract, doi, part, firstPageNum, lastPageNum)',
  ),
  text1: optionalText.describe("text of row n; keyword rows take several keywords separated by ';'"),
  mode1: optionalText.describe('1 precise, 0 fuzzy (default)'),
  op2: optionalText.describe('AND, OR or NOT joining row n to the rows before it'),
  pubType: optionalText.describe('0 formal publication, 1 online first'),
  oa: optionalText.describe('0 open access, 1 not'),
  span: optionalText.describe('all, 10 or 5 (last years)'),
  page: optionalText,
  size: optionalText,
  sort: optionalText.describe(SORTS.join(', ')),
  ...filterParams,
});

/** Every value of every parameter, repeats included (Hono's query() keeps only the first). */
const paramsOf = (c: ApiContext) => new URL(c.req.url).searchParams;

function checked<T>(result: Checked<T>, lang: Lang): T {
  if (result.ok) return result.value;
  throw new ApiError(API_STATUS.badRequest, 'searchInvalid', { message: searchErrorMessage(result.error, lang) });
}

export function searchRoutes(deps: ResolvedDeps) {
  const { db } = deps;
  const scopeOf = (siteId: number) => ({ siteId, now: deps.now() });
  return [
    route({
      method: 'get',
      path: apiPaths.search,
      tag,
      summary:
        "Simple search of the site (a group site: all its journals): relevance, date, views, downloads, citations or update order; year and facet filters; 'terms' are what pages highlight",
      scope: 'site',
      query: simpleQuery,
      response: searchResultSchema,
      handle: async ({ c, site, lang }) =>
        simpleSearch(db, scopeOf(site.id), checked(parseSimpleSearch(paramsOf(c)), lang)),
    }),
    route({
      method: 'get',
      path: apiPaths.searchClusters,
      tag,
      summary: 'Facets of a simple search with counts: year, journal, column, keyword, author',
      scope: 'site',
      query: simpleQuery,
      response: searchClustersSchema,
      handle: async ({ c, site, lang }) =>
        simpleSearchClusters(db, scopeOf(site.id), checked(parseSimpleSearch(paramsOf(c)), lang)),
    }),
    route({
      method: 'get',
      path: apiPaths.advancedSearch,
      tag,
      summary:
        'Advanced search of articles: numbered rows (fieldN, textN, modeN, opN) combined left to right, publication type, open access, time span',
      scope: 'site',
      query: advancedQuery,
      response: searchResultSchema,
      handle: async ({ c, site, lang }) => {
        const params = paramsOf(c);
        const search = checked(parseAdvancedSearch(params), lang);
        // page, size, sort and filters read as the simple search reads them (any text passes its check)
        const paging = new URLSearchParams(params);
        paging.set('q', 'x');
        paging.delete('type');
        paging.delete('field');
        const rest = checked(parseSimpleSearch(paging), lang);
        return advancedSearch(db, scopeOf(site.id), {
          search,
          sort: rest.sort,
          page: rest.page,
          size: rest.size,
          filters: rest.filters,
        });
      },
    }),
    route({
      method: 'get',
      path: apiPaths.searchAnalyze,
      tag,
      summary:
        'The terms a query is split into (analyzeArray), cut by the same segmenter as the index; result pages highlight them',
      scope: 'none',
      query: z.object({
        q: optionalText.describe('the search text, at most 150 characters'),
        type: optionalText.describe("resource code; 'thesis' is 'article'"),
      }),
      response: z.array(z.string()),
      handle: async ({ query, lang }) => {
        const type = searchTypeOf(query.type ?? null);
        if (type === null) throw new ApiError(API_STATUS.badRequest, 'invalidParameter', { field: 'type' });
        const text = query.q ?? '';
        const textError = checkText(text, 'q');
        if (textError) checked({ ok: false, error: textError }, lang);
        return analyze(text.trim(), type);
      },
    }),
  ];
}
