/**
 * The one engine-specific part of a search: looking up the text index. SQLite's FTS5 table and
 * PostgreSQL's tsvector (bulk/search-text.ts writes both) answer the same questions from match
 * expressions that src/server/search/match.ts writes for each from one QueryPlan.
 */
import { type OrderByModifiers, type RawBuilder, sql } from 'kysely';
import { fts5Combine, fts5Match, TS_RANK_WEIGHTS, tsQueryCombine, tsQueryMatch } from '../../search/match.ts';
import type { QueryPlan } from '../../search/tokens.ts';
import type { Engine } from '../engine.ts';

type Combined = readonly { op: 'AND' | 'OR' | 'NOT'; match: string }[];

export type TextIndex = {
  /** a plan's match expression in some columns (all when none); null when it has nothing to look up */
  match(plan: QueryPlan, columns: readonly string[]): string | null;
  /** several rows' expressions in one, combined left to right */
  combine(rows: Combined): string | null;
  /** the search_docs ids whose text matches */
  rows(match: string): RawBuilder<{ id: number }>;
  /** the matching ids with their relevance as `score`, lower is better (titles and keywords weigh most) */
  ranked(match: string): RawBuilder<{ id: number; score: number }>;
  /** the ids of a column as one text, "3,17,42" */
  idList(column: string): RawBuilder<string | null>;
  /** descending with missing values last, as SQLite orders them by itself: for orderBy, and as SQL */
  newestFirst: OrderByModifiers;
  newestFirstSql: RawBuilder<unknown>;
};

const FTS5: TextIndex = {
  match: fts5Match,
  combine: fts5Combine,
  rows: (match) => sql`(SELECT rowid AS id FROM search_text WHERE search_text MATCH ${match})`,
  // BM25's column weights: title 10, keyword 6, author 4, institution 2, abstract 1, identifier 8
  ranked: (match) =>
    sql`(SELECT rowid AS id, bm25(search_text, 10.0, 6.0, 4.0, 2.0, 1.0, 8.0) AS score FROM search_text WHERE search_text MATCH ${match})`,
  idList: (column) => sql`group_concat(${sql.ref(column)})`,
  newestFirst: 'desc',
  newestFirstSql: sql.raw('DESC'),
};

const TSVECTOR: TextIndex = {
  match: tsQueryMatch,
  combine: tsQueryCombine,
  // through migration 128's functions, which keep the planner on the GIN index
  rows: (match) => sql`(SELECT id FROM search_text_matches(${match}::tsquery))`,
  // ts_rank (of the title, identifier, keyword and author lexemes) is higher for better matches;
  // negated, it sorts as BM25 does
  ranked: (match) =>
    sql`(SELECT id, score FROM search_text_ranked(${match}::tsquery, ${sql.lit(TS_RANK_WEIGHTS)}::real[]))`,
  idList: (column) => sql`string_agg(${sql.ref(column)}::text, ',')`,
  newestFirst: (order) => order.desc().nullsLast(),
  newestFirstSql: sql.raw('DESC NULLS LAST'),
};

export const textIndexOf = (engine: Engine): TextIndex => (engine === 'postgres' ? TSVECTOR : FTS5);
