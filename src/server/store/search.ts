/**
 * The search store: finds items of a site in the index that bulk/search-index.ts
 * writes, filters, sorts, pages and counts them, and loads what a result list shows. Queries are
 * Kysely; the only engine-specific SQL is the two FTS5 functions below (a PostgreSQL store
 * replaces them with `tsv @@ ::tsquery` over the same tokens, from the same QueryPlan).
 */
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { SearchClusters, SearchHit } from '../../content/types.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { fts5Combine, fts5Match } from '../search/match.ts';
import type { QueryPlan } from '../search/tokens.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { reindexSitesNow, searchIndexMissingNow, domainKeywordsNow } from './bulk/search-index.ts';
import { transaction } from './db.ts';
import { addDomainWords } from '../search/segmenter.ts';
import { asciiLower, countFacets } from './search-facet-values.ts';
import { publishedBy, visibilityNow, visibleArticle } from './visibility.ts';

/** Columns of the index; a search field names one or more of them. */
export type SearchColumn = 'title' | 'keyword' | 'author' | 'institution' | 'abstract' | 'identifier';
export type SearchSort = 'relevance' | 'date' | 'views' | 'downloads' | 'citations' | 'updated';

/** One condition: text in some columns (all when none), or a number of the part or pages. */
export type SearchCriterion =
  | { kind: 'text'; plan: QueryPlan; columns: readonly SearchColumn[] }
  | { kind: 'number'; column: 'issue' | 'first_page' | 'last_page'; value: number };
/** Clauses combine left to right: ((c1 op2 c2) op3 c3); the first clause's op is ignored. */
export type SearchClause = { op: 'AND' | 'OR' | 'NOT'; criterion: SearchCriterion };

export type StoreSearch = {
  /** the site and, for a group site, its member sites */
  siteIds: readonly number[];
  kinds: readonly string[];
  clauses: readonly SearchClause[];
  sinceYear: number | null;
  onlineFirst: boolean | null;
  openAccess: boolean | null;
  /** years of publication (the year facet's values) */
  years: readonly number[];
  journals: readonly number[];
  columns: readonly number[];
  keywords: readonly string[];
  authors: readonly string[];
};

type Eb = ExpressionBuilder<Database & { d: Database['search_docs'] }, 'd'>;

/** FTS5: the rowids whose text matches. */
function fts5Rows(match: string) {
  return sql<{ id: number }>`(SELECT rowid AS id FROM search_text WHERE search_text MATCH ${match})`;
}

/** FTS5: matching rowids with their BM25 score (lower is better); titles and keywords weigh most. */
function fts5Ranked(match: string) {
  return sql<{ id: number; score: number }>`(SELECT rowid AS id, bm25(search_text, 10.0, 6.0, 4.0, 2.0, 1.0, 8.0) AS score FROM search_text WHERE search_text MATCH ${match})`;
}

type TextCriterion = Extract<SearchCriterion, { kind: 'text' }>;
const isText = (criterion: SearchCriterion): criterion is TextCriterion => criterion.kind === 'text';
const textMatch = (criterion: TextCriterion) => fts5Match(criterion.plan, criterion.columns);

/**
 * Text-only clauses as one match expression, combined as the clauses are, so the engine answers
 * the whole combination from its index in one lookup; null when a clause is a number or has
 * nothing to look up (those are combined row by row).
 */
function combinedMatch(clauses: readonly SearchClause[]): string | null {
  const rows: { op: SearchClause['op']; match: string }[] = [];
  for (const clause of clauses) {
    const match = isText(clause.criterion) ? textMatch(clause.criterion) : null;
    if (match === null) return null;
    rows.push({ op: clause.op, match });
  }
  return fts5Combine(rows);
}

function criterionExpression(eb: Eb, criterion: SearchCriterion): Expression<SqlBool> {
  if (!isText(criterion)) return eb(`d.${criterion.column}`, '=', criterion.value);
  const match = textMatch(criterion);
  return match === null ? sql<SqlBool>`0 = 1` : eb('d.id', 'in', eb.selectFrom(fts5Rows(match).as('t')).select('t.id'));
}

function clausesExpression(eb: Eb, clauses: readonly SearchClause[]): Expression<SqlBool> {
  let expression: Expression<SqlBool> | null = null;
  for (const clause of clauses) {
    const next = criterionExpression(eb, clause.criterion);
    if (expression === null) expression = next;
    else if (clause.op === 'OR') expression = eb.or([expression, next]);
    else if (clause.op === 'NOT') expression = eb.and([expression, eb.not(next)]);
    else expression = eb.and([expression, next]);
  }
  return expression ?? sql<SqlBool>`0 = 1`;
}


/** The filters every query of one search shares; `matchJoined`: the clauses are already the join's match. */
function filtered(eb: Eb, search: StoreSearch, matchJoined: boolean): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb('d.site_id', 'in', [...search.siteIds]), eb('d.kind', 'in', [...search.kinds]), publishedBy('d', visibilityNow())];
  if (!matchJoined) parts.push(clausesExpression(eb, search.clauses));
  if (search.sinceYear !== null) parts.push(eb('d.year', '>=', search.sinceYear));
  if (search.onlineFirst !== null) parts.push(eb('d.online_first', '=', search.onlineFirst ? 1 : 0));
  if (search.openAccess !== null) parts.push(eb('d.open_access', '=', search.openAccess ? 1 : 0));
  if (search.years.length > 0) parts.push(eb('d.year', 'in', [...search.years]));
  if (search.journals.length > 0) parts.push(eb('d.publication_id', 'in', [...search.journals]));
  if (search.columns.length > 0) parts.push(eb('d.column_id', 'in', [...search.columns]));
  if (search.keywords.length > 0) {
    // whole entries of either language's list, ASCII case aside (as LIKE compared them before)
    const wanted = search.keywords.map(asciiLower);
    parts.push(
      eb.exists(
        eb
          .selectFrom('search_facets as f')
          .select('f.doc_id')
          .whereRef('f.doc_id', '=', 'd.id')
          .where('f.facet', 'in', ['keyword', 'en_keyword'])
          .where((k) => k(k.fn('lower', ['f.value']), 'in', wanted)),
      ),
    );
  }
  if (search.authors.length > 0) {
    parts.push(
      eb.exists(
        eb
          .selectFrom('authors as u')
          .select('u.id')
          .whereRef('u.article_id', '=', 'd.ref_id')
          .where((k) => k.or([k('u.name', 'in', [...search.authors]), k('u.en_name', 'in', [...search.authors])])),
      ),
    );
  }
  return eb.and(parts);
}

/**
 * The matching items of a search as `d` (search_docs). When the clauses are one match expression
 * the text index drives the query (its matches joined to their rows, `m.score` their relevance
 * when ranked); otherwise the site's rows are tested clause by clause.
 */
function matchedDocs(db: Db, search: StoreSearch, ranked: boolean) {
  const k = kysely(db);
  const match = combinedMatch(search.clauses);
  if (match === null) return k.selectFrom('search_docs as d').where((eb) => filtered(eb as unknown as Eb, search, false));
  return k
    .selectFrom((ranked ? fts5Ranked(match) : fts5Rows(match)).as('m'))
    .innerJoin('search_docs as d', 'd.id', 'm.id')
    .where((eb) => filtered(eb as unknown as Eb, search, true));
}

/** Only a one-clause text search sorts by relevance; others (and advanced searches) sort by columns. */
const isRanked = (search: StoreSearch, sort: SearchSort) =>
  sort === 'relevance' && search.clauses.length === 1 && combinedMatch(search.clauses) !== null;

export type SearchPage = { total: number; hits: { kind: string; id: number }[] };

/**
 * One page (1-based) of matching items, sorted, and how many match in all. The total comes with the
 * page (a window count over the same matches), so the text index is searched once; only a page
 * past the end asks for the count apart.
 */
export async function searchDocuments(db: Db, search: StoreSearch, sort: SearchSort, page: number, size: number): Promise<SearchPage> {
  ensureSearchReady(db);
  const ranked = isRanked(search, sort);
  const query = matchedDocs(db, search, ranked);
  let ordered = query.select(['d.kind', 'd.ref_id', (eb) => eb.fn.countAll<number>().over().as('total')]);
  if (ranked) ordered = ordered.orderBy(sql`m.score`);
  const byColumn = { date: 'd.published_date', views: 'd.views', downloads: 'd.downloads', citations: 'd.citations', updated: 'd.updated_at' } as const;
  if (sort !== 'relevance') ordered = ordered.orderBy(byColumn[sort], 'desc');
  const rows = await ordered
    .orderBy('d.published_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const hits = rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
  if (rows.length > 0) return { total: Number(rows[0]!.total), hits };
  if (page === 1) return { total: 0, hits };
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { total: Number(count?.n ?? 0), hits };
}

const FACET_SIZE = 20;

type Counted = { id: number; n: number };

/** The counts by id, largest first (ties by id), of the ids that have a name. */
function topNamed<T extends { id: number }>(counts: Map<number, number>, named: readonly T[]): (T & Counted)[] {
  return named
    .map((row) => ({ ...row, n: counts.get(row.id) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.id - b.id)
    .slice(0, FACET_SIZE);
}

/**
 * Counts of the matching items by year, journal, column, keyword and author, exact over every
 * match: the store's query finds the matches (the same filters as the result list), and the
 * values held in memory (search-facet-values.ts) count them.
 */
export async function searchFacets(db: Db, search: StoreSearch): Promise<SearchClusters> {
  ensureSearchReady(db);
  const k = kysely(db);
  const matched = await matchedDocs(db, search, false).select('d.id').execute();
  const counts = await countFacets(
    db,
    search.siteIds,
    matched.map((row) => row.id),
    FACET_SIZE,
  );
  const journals =
    counts.journals.size === 0 ? [] : await k.selectFrom('publications').select(['id', 'name', 'en_name']).where('id', 'in', [...counts.journals.keys()]).execute();
  const columns =
    counts.columns.size === 0 ? [] : await k.selectFrom('columns').select(['id', 'name', 'en_name']).where('id', 'in', [...counts.columns.keys()]).execute();
  return {
    year: [...counts.years]
      .sort((a, b) => b[0] - a[0])
      .slice(0, FACET_SIZE)
      .map(([year, n]) => ({ value: String(year), name: String(year), enName: null, count: n })),
    journal: topNamed(counts.journals, journals).map((row) => ({ value: String(row.id), name: row.name, enName: row.en_name, count: row.n })),
    column: topNamed(counts.columns, columns).map((row) => ({ value: String(row.id), name: row.name, enName: row.en_name, count: row.n })),
    keyword: counts.keywords.map((row) => ({ value: row.value, name: row.value, enName: null, count: row.n })),
    author: counts.authors.map((row) => ({ value: row.value, name: row.value, enName: row.enValue, count: row.n })),
  };
}

function splitList(value: string | null): string[] {
  return (value ?? '')
    .split(/[;；]/u)
    .map((part) => part.trim())
    .filter(Boolean);
}

const emptyHit = (type: SearchHit['type'], id: number): SearchHit => ({
  type,
  id,
  title: '',
  enTitle: null,
  summary: null,
  enSummary: null,
  keywords: [],
  enKeywords: [],
  authors: [],
  institutions: [],
  journal: null,
  enJournal: null,
  articleId: null,
  doi: null,
  year: null,
  publishedDate: null,
  openAccess: true,
  views: 0,
  downloads: 0,
  citations: 0,
  noticeKind: null,
});

async function articleHits(db: Db, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const k = kysely(db);
  const rows = await k
    .selectFrom('articles as a')
    .leftJoin('periods as p', 'p.id', 'a.period_id')
    .innerJoin('publications as j', 'j.id', 'a.publication_id')
    .select([
      'a.id',
      'a.title',
      'a.en_title',
      'a.abstract',
      'a.en_abstract',
      'a.keywords',
      'a.en_keywords',
      'a.doi',
      'a.published_date',
      'a.open_access',
      'a.views',
      'a.downloads',
      'a.citations',
      'a.notice_kind',
      'p.year',
      'j.name as journal',
      'j.en_name as en_journal',
    ])
    .where('a.id', 'in', ids)
    .where(visibleArticle('a', visibilityNow()))
    .execute();
  const authors = await k.selectFrom('authors').select(['article_id', 'name', 'en_name']).where('article_id', 'in', ids).orderBy('article_id').orderBy('position').execute();
  const institutions = await k.selectFrom('institutions').select(['article_id', 'name']).where('article_id', 'in', ids).orderBy('article_id').orderBy('position').execute();
  return rows.map((row) => ({
    ...emptyHit('article', row.id),
    title: row.title,
    enTitle: row.en_title,
    summary: row.abstract,
    enSummary: row.en_abstract,
    keywords: splitList(row.keywords),
    enKeywords: splitList(row.en_keywords),
    authors: authors.filter((a) => a.article_id === row.id).map((a) => ({ name: a.name, enName: a.en_name })),
    institutions: institutions.filter((i) => i.article_id === row.id).map((i) => i.name),
    journal: row.journal,
    enJournal: row.en_journal,
    articleId: row.id,
    doi: row.doi,
    year: row.year ?? yearOf(row.published_date),
    publishedDate: row.published_date,
    openAccess: row.open_access !== 0,
    views: row.views,
    downloads: row.downloads,
    citations: row.citations,
    noticeKind: NOTICE_KINDS.find((kind) => kind === row.notice_kind) ?? null,
  }));
}

const yearOf = (date: string | null) => (date && /^\d{4}/u.test(date) ? Number(date.slice(0, 4)) : null);

async function otherHits(db: Db, kind: string, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const k = kysely(db);
  if (kind === 'publication') {
    const rows = await k.selectFrom('publications').select(['id', 'name', 'en_name', 'sponsor', 'en_sponsor', 'issn', 'cn']).where('id', 'in', ids).execute();
    return rows.map((row) => ({
      ...emptyHit('publication', row.id),
      title: row.name,
      enTitle: row.en_name,
      summary: row.sponsor,
      enSummary: row.en_sponsor,
      journal: row.name,
      enJournal: row.en_name,
      doi: [row.issn && `ISSN ${row.issn}`, row.cn && `CN ${row.cn}`].filter(Boolean).join(' · ') || null,
    }));
  }
  if (kind === 'picture' || kind === 'table') {
    const rows = await k
      .selectFrom('figures as f')
      .innerJoin('articles as a', 'a.id', 'f.article_id')
      .innerJoin('publications as j', 'j.id', 'a.publication_id')
      .select(['f.id', 'f.caption', 'f.en_caption', 'a.id as article_id', 'a.title', 'a.en_title', 'a.published_date', 'j.name', 'j.en_name'])
      .where('f.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      ...emptyHit(kind, row.id),
      title: row.caption,
      enTitle: row.en_caption,
      summary: row.title,
      enSummary: row.en_title,
      journal: row.name,
      enJournal: row.en_name,
      articleId: row.article_id,
      publishedDate: row.published_date,
      year: yearOf(row.published_date),
    }));
  }
  if (kind === 'news') {
    const rows = await k.selectFrom('news').select(['id', 'title', 'en_title', 'summary', 'en_summary', 'published_at', 'views']).where('id', 'in', ids).execute();
    return rows.map((row) => ({
      ...emptyHit('news', row.id),
      title: row.title,
      enTitle: row.en_title,
      summary: row.summary,
      enSummary: row.en_summary,
      publishedDate: row.published_at,
      year: yearOf(row.published_at),
      views: row.views,
    }));
  }
  const rows = await k.selectFrom('media').select(['id', 'kind', 'title', 'en_title', 'description', 'en_description', 'published_date']).where('id', 'in', ids).execute();
  return rows.map((row) => ({
    ...emptyHit(row.kind === 'video' || row.kind === 'audio' ? row.kind : 'other', row.id),
    title: row.title,
    enTitle: row.en_title,
    summary: row.description,
    enSummary: row.en_description,
    publishedDate: row.published_date,
    year: yearOf(row.published_date),
  }));
}

/** What the result list shows for these hits, in their order. */
export async function searchHits(db: Db, hits: readonly { kind: string; id: number }[]): Promise<SearchHit[]> {
  const byKind = new Map<string, number[]>();
  for (const hit of hits) byKind.set(hit.kind, [...(byKind.get(hit.kind) ?? []), hit.id]);
  const loaded = new Map<string, SearchHit>();
  for (const [kind, ids] of byKind) {
    const rows = kind === 'article' ? await articleHits(db, ids) : await otherHits(db, kind, ids);
    for (const row of rows) loaded.set(`${kind}:${row.id}`, row);
  }
  return hits.flatMap((hit) => loaded.get(`${hit.kind}:${hit.id}`) ?? []);
}

/** The site and, when it is a group site, its member sites: whose items its search finds. */
export async function searchSiteIds(db: Db, siteId: number): Promise<number[]> {
  const members = await kysely(db).selectFrom('site_groups').select('member_site_id').where('site_id', '=', siteId).execute();
  return [siteId, ...members.map((row) => row.member_site_id).filter((id) => id !== siteId)];
}

const ready = new WeakSet<Db>();

/**
 * Before the first search on a connection: the journals' keywords join the segmenter's
 * dictionary (so queries are cut as the index was), and a database that has content but no index
 * (seeded before migration 004) gets it built in one transaction.
 */
export function ensureSearchReady(db: Db): void {
  if (ready.has(db)) return;
  ready.add(db);
  if (searchIndexMissingNow(db)) transaction(db, () => reindexSitesNow(db));
  else addDomainWords(domainKeywordsNow(db));
}
