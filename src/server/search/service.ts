/**
 * From a checked search (src/lib/search-query.ts, advanced-search.ts) to the store's engine-neutral
 * request: query plans of the one tokenizer, the index columns a field names, the site scope and
 * the year window; the simple box's uppercase AND, OR and NOT make clauses as advanced rows do. API routes and the local content source both search through here.
 */
import type { SearchClusters, SearchResult } from '../../content/types.ts';
import { type AdvancedField, type AdvancedRequest, type AdvancedSearch, rowTerms } from '../../lib/advanced-search.ts';
import { parseId } from '../../lib/id.ts';
import type { ResourceCode } from '../../lib/resource-types.ts';
import { type Filters, type SimpleSearch, textClauses, type YearFilter } from '../../lib/search-query.ts';
import type { Db } from '../store/db.ts';
import {
  type SearchClause,
  type SearchColumn,
  type StoreSearch,
  searchDocuments,
  searchFacets,
  searchHits,
  searchSiteIds,
} from '../store/search.ts';
import { analyze } from './analyze.ts';
import { queryPlan } from './tokens.ts';

/** Index columns of each search field (article fields, then the journal's own). */
const FIELD_COLUMNS: Record<string, readonly SearchColumn[]> = {
  title: ['title'],
  keyword: ['keyword'],
  author: ['author'],
  institution: ['institution'],
  abstract: ['abstract'],
  doi: ['identifier'],
  sponsor: ['institution'],
  cn: ['identifier'],
  issn: ['identifier'],
};

/** The resource codes one search type covers in the index (pictures and tables are separate types). */
const kindsOf = (type: ResourceCode): string[] => [type];

const ids = (values: readonly string[]) => values.map(parseId).filter((id) => id !== null);

function sinceYear(window: YearFilter | '10', now: Date): number | null {
  return window === 'all' ? null : now.getUTCFullYear() - Number(window) + 1;
}

type Scope = { siteId: number; now: Date };

async function base(
  db: Db,
  scope: Scope,
  type: ResourceCode,
  filters: Filters,
): Promise<Omit<StoreSearch, 'clauses' | 'sinceYear' | 'onlineFirst' | 'openAccess'>> {
  return {
    siteIds: await searchSiteIds(db, scope.siteId),
    kinds: kindsOf(type),
    years: filters.pubYear.map(Number),
    journals: ids(filters.journal),
    columns: ids(filters.column),
    keywords: filters.keyword,
    authors: filters.author,
  };
}

function simpleStoreSearch(shared: Awaited<ReturnType<typeof base>>, search: SimpleSearch, now: Date): StoreSearch {
  const columns = search.field ? (FIELD_COLUMNS[search.field] ?? []) : [];
  return {
    ...shared,
    clauses: textClauses(search.text).map((clause) => ({
      op: clause.op,
      criterion: { kind: 'text', plan: queryPlan(clause.text), columns },
    })),
    sinceYear: sinceYear(search.year, now),
    onlineFirst: null,
    openAccess: null,
  };
}

export async function simpleSearch(db: Db, scope: Scope, search: SimpleSearch): Promise<SearchResult> {
  const request = simpleStoreSearch(await base(db, scope, search.type, search.filters), search, scope.now);
  const page = await searchDocuments(db, request, search.sort, search.page, search.size);
  const terms = textClauses(search.text).flatMap((clause) => (clause.op === 'NOT' ? [] : analyze(clause.text)));
  return {
    content: await searchHits(db, page.hits),
    total: page.total,
    page: search.page,
    size: search.size,
    terms: [...new Set(terms)],
  };
}

export async function simpleSearchClusters(db: Db, scope: Scope, search: SimpleSearch): Promise<SearchClusters> {
  return searchFacets(db, simpleStoreSearch(await base(db, scope, search.type, search.filters), search, scope.now));
}

const NUMBER_COLUMNS: Partial<Record<AdvancedField, 'issue' | 'first_page' | 'last_page'>> = {
  part: 'issue',
  firstPageNum: 'first_page',
  lastPageNum: 'last_page',
};

/** Each row is one clause; a keyword row with several keywords (';') needs all of them. */
function advancedClauses(search: AdvancedSearch): SearchClause[] {
  return search.rows.map((row) => {
    const numberColumn = NUMBER_COLUMNS[row.field];
    if (numberColumn)
      return {
        op: row.op,
        criterion: { kind: 'number', column: numberColumn, value: Number.parseInt(row.text, 10) || 0 },
      };
    const plan = rowTerms(row).flatMap((text) => queryPlan(text, { fuzzy: row.mode === 0 }));
    return { op: row.op, criterion: { kind: 'text', plan, columns: FIELD_COLUMNS[row.field] ?? [] } };
  });
}

export async function advancedSearch(db: Db, scope: Scope, request: AdvancedRequest): Promise<SearchResult> {
  const { search } = request;
  const storeSearch: StoreSearch = {
    ...(await base(db, scope, 'article', request.filters)),
    clauses: advancedClauses(search),
    sinceYear: sinceYear(search.span, scope.now),
    onlineFirst: search.pubType === null ? null : search.pubType === 1,
    openAccess: search.openAccess === null ? null : search.openAccess === 0,
  };
  const page = await searchDocuments(db, storeSearch, request.sort, request.page, request.size);
  const terms = search.rows
    .filter((row) => row.op !== 'NOT' && !NUMBER_COLUMNS[row.field])
    .flatMap((row) => rowTerms(row).flatMap((text) => analyze(text)));
  return {
    content: await searchHits(db, page.hits),
    total: page.total,
    page: request.page,
    size: request.size,
    terms: [...new Set(terms)],
  };
}
