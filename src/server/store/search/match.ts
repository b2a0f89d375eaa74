/**
 * Matching: which items of a search's sites match its clauses and filters. Queries are Kysely; the
 * only engine-specific SQL is the text index's lookups (text-index.ts: FTS5 on SQLite, a tsvector
 * on PostgreSQL, from the same QueryPlan) and the id lists' aggregate.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { QueryPlan } from '../../search/tokens.ts';
import type { Db } from '../db.ts';
import type { Engine } from '../engine.ts';
import { kysely } from '../kysely.ts';
import type { Database } from '../schema.ts';
import { asciiLower } from '../search-facet-values.ts';
import { publishedBy, visibilityNow } from '../visibility.ts';
import { type TextIndex, textIndexOf } from './text-index.ts';

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

/**
 * The ids of every item of the whole index that matches, as one text "3,17,42", read from the
 * text index alone.
 */
export async function indexMatchIdList(db: Db, match: string): Promise<string | null> {
  const index = textIndexOf(db.engine);
  const row = await kysely(db)
    .selectFrom(index.rows(match).as('m'))
    .select(index.idList('m.id').as('ids'))
    .executeTakeFirst();
  return row?.ids ?? null;
}

type TextCriterion = Extract<SearchCriterion, { kind: 'text' }>;
const isText = (criterion: SearchCriterion): criterion is TextCriterion => criterion.kind === 'text';
const textMatch = (index: TextIndex, criterion: TextCriterion) => index.match(criterion.plan, criterion.columns);

/**
 * Text-only clauses as one match expression of the engine's text index, combined as the clauses
 * are, so the engine answers the whole combination from its index in one lookup; null when a
 * clause is a number or has nothing to look up (those are combined row by row).
 */
export function combinedMatch(engine: Engine, clauses: readonly SearchClause[]): string | null {
  const index = textIndexOf(engine);
  const rows: { op: SearchClause['op']; match: string }[] = [];
  for (const clause of clauses) {
    const match = isText(clause.criterion) ? textMatch(index, clause.criterion) : null;
    if (match === null) return null;
    rows.push({ op: clause.op, match });
  }
  return index.combine(rows);
}

function criterionExpression(eb: Eb, index: TextIndex, criterion: SearchCriterion): Expression<SqlBool> {
  if (!isText(criterion)) return eb(`d.${criterion.column}`, '=', criterion.value);
  const match = textMatch(index, criterion);
  return match === null
    ? sql<SqlBool>`0 = 1`
    : eb('d.id', 'in', eb.selectFrom(index.rows(match).as('t')).select('t.id'));
}

function clausesExpression(eb: Eb, index: TextIndex, clauses: readonly SearchClause[]): Expression<SqlBool> {
  let expression: Expression<SqlBool> | null = null;
  for (const clause of clauses) {
    const next = criterionExpression(eb, index, clause.criterion);
    if (expression === null) expression = next;
    else if (clause.op === 'OR') expression = eb.or([expression, next]);
    else if (clause.op === 'NOT') expression = eb.and([expression, eb.not(next)]);
    else expression = eb.and([expression, next]);
  }
  return expression ?? sql<SqlBool>`0 = 1`;
}

/** The filters every query of one search shares; `matchJoined`: the clauses are already the join's match. */
function filtered(eb: Eb, index: TextIndex, search: StoreSearch, matchJoined: boolean): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    eb('d.site_id', 'in', [...search.siteIds]),
    eb('d.kind', 'in', [...search.kinds]),
    publishedBy('d', visibilityNow()),
  ];
  if (!matchJoined) parts.push(clausesExpression(eb, index, search.clauses));
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
  const index = textIndexOf(db.engine);
  const match = combinedMatch(db.engine, search.clauses);
  if (match === null)
    return k.selectFrom('search_docs as d').where((eb) => filtered(eb as unknown as Eb, index, search, false));
  return k
    .selectFrom((ranked ? index.ranked(match) : index.rows(match)).as('m'))
    .innerJoin('search_docs as d', 'd.id', 'm.id')
    .where((eb) => filtered(eb as unknown as Eb, index, search, true));
}

/**
 * The matching items' ids as one text, "3,17,42": one row instead of one per match (read row by
 * row, 33,000 matches cost more than finding them).
 */
export function matchedIdList(db: Db, column = 'd.id') {
  return textIndexOf(db.engine).idList(column);
}

/** Only a one-clause text search sorts by relevance; others (and advanced searches) sort by columns. */
export const isRanked = (db: Db, search: StoreSearch, sort: SearchSort) =>
  sort === 'relevance' && search.clauses.length === 1 && combinedMatch(db.engine, search.clauses) !== null;

/** The site and, when it is a group site, its member sites: whose items its search finds. */
export async function searchSiteIds(db: Db, siteId: number): Promise<number[]> {
  const members = await kysely(db)
    .selectFrom('site_groups')
    .select('member_site_id')
    .where('site_id', '=', siteId)
    .execute();
  return [siteId, ...members.map((row) => row.member_site_id).filter((id) => id !== siteId)];
}
