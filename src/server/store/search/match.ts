/**
 * Matching: which items of a search's sites match its clauses and filters. Queries are Kysely; the
 * only engine-specific SQL is the FTS5 functions below (a PostgreSQL store replaces them with
 * `tsv @@ ::tsquery` over the same tokens, from the same QueryPlan) and the id lists' aggregate.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { fts5Combine, fts5Match } from '../../search/match.ts';
import type { QueryPlan } from '../../search/tokens.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';
import type { Database } from '../schema.ts';
import { asciiLower } from '../search-facet-values.ts';
import { publishedBy, visibilityNow } from '../visibility.ts';

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
  return sql<{
    id: number;
    score: number;
  }>`(SELECT rowid AS id, bm25(search_text, 10.0, 6.0, 4.0, 2.0, 1.0, 8.0) AS score FROM search_text WHERE search_text MATCH ${match})`;
}

/**
 * FTS5: the ids of every item of the whole index that matches, as one text "3,17,42", read from the
 * text index alone. PostgreSQL: string_agg over `tsv @@ query`.
 */
export async function indexMatchIdList(db: Db, match: string): Promise<string | null> {
  const row = await kysely(db)
    .selectFrom(fts5Rows(match).as('m'))
    .select(matchedIdList('m.id').as('ids'))
    .executeTakeFirst();
  return row?.ids ?? null;
}

type TextCriterion = Extract<SearchCriterion, { kind: 'text' }>;
const isText = (criterion: SearchCriterion): criterion is TextCriterion => criterion.kind === 'text';
const textMatch = (criterion: TextCriterion) => fts5Match(criterion.plan, criterion.columns);

/**
 * Text-only clauses as one match expression, combined as the clauses are, so the engine answers
 * the whole combination from its index in one lookup; null when a clause is a number or has
 * nothing to look up (those are combined row by row).
 */
export function combinedMatch(clauses: readonly SearchClause[]): string | null {
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
  const parts: Expression<SqlBool>[] = [
    eb('d.site_id', 'in', [...search.siteIds]),
    eb('d.kind', 'in', [...search.kinds]),
    publishedBy('d', visibilityNow()),
  ];
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
export function matchedDocs(db: Db, search: StoreSearch, ranked: boolean) {
  const k = kysely(db);
  const match = combinedMatch(search.clauses);
  if (match === null)
    return k.selectFrom('search_docs as d').where((eb) => filtered(eb as unknown as Eb, search, false));
  return k
    .selectFrom((ranked ? fts5Ranked(match) : fts5Rows(match)).as('m'))
    .innerJoin('search_docs as d', 'd.id', 'm.id')
    .where((eb) => filtered(eb as unknown as Eb, search, true));
}

/**
 * The matching items' ids as one text, "3,17,42": one row instead of one per match (read row by
 * row, 33,000 matches cost more than finding them). PostgreSQL: string_agg(d.id::text, ',').
 */
export function matchedIdList(column = 'd.id') {
  return sql<string | null>`group_concat(${sql.ref(column)})`;
}

/** Only a one-clause text search sorts by relevance; others (and advanced searches) sort by columns. */
export const isRanked = (search: StoreSearch, sort: SearchSort) =>
  sort === 'relevance' && search.clauses.length === 1 && combinedMatch(search.clauses) !== null;

/** The site and, when it is a group site, its member sites: whose items its search finds. */
export async function searchSiteIds(db: Db, siteId: number): Promise<number[]> {
  const members = await kysely(db)
    .selectFrom('site_groups')
    .select('member_site_id')
    .where('site_id', '=', siteId)
    .execute();
  return [siteId, ...members.map((row) => row.member_site_id).filter((id) => id !== siteId)];
}
