/**
 * How tokens reach each engine. The index side, for either engine:
 *
 *   SQLite FTS5:  CREATE VIRTUAL TABLE … USING fts5(title, keywords, …, tokenize = "<FTS5_TOKENIZE>")
 *                 INSERT … VALUES (indexText(title), indexText(keywords), …)
 *                 … WHERE search MATCH fts5Match(queryPlan(q)) ORDER BY bm25(search)
 *   PostgreSQL:   search_text.tsv = tsvectorText(the same columns' texts)::tsvector
 *                 … WHERE tsv @@ tsQueryMatch(queryPlan(q))::tsquery ORDER BY ts_rank(…)
 *
 * FTS5 re-tokenizes the joined text with unicode61, which splits on whitespace and on punctuation
 * other than FTS5_TOKENIZE's tokenchars, the only punctuation our tokens contain; it removes no
 * diacritics (they are folded already). PostgreSQL's ::tsvector and ::tsquery casts take quoted
 * lexemes verbatim (no text search configuration runs), so neither engine changes a token.
 *
 * FTS5 keeps each token's column, and a query may name columns. A tsvector has four weights for
 * six columns, so each lexeme is its token behind its column's tag, an upper-case letter (tokens
 * are lower case): 'Tlith' is "lith" in a title. A term of a query becomes its columns' tagged
 * lexemes, all six when it names none.
 *
 * A plan becomes quoted tokens, a unit's alternatives joined with OR, the units with AND, '*' (or
 * ':*') after prefix terms. '钙钛矿电池 lith', fuzzy, reads in FTS5
 *   (("钙钛矿" AND "电池") OR ("钙钛" AND "钛矿" AND "矿电" AND "电池")) AND "lith"*
 * and in PostgreSQL, with each quoted term standing for its tagged lexemes ('lith':* for
 * ('Tlith':* | 'Klith':* | …))
 *   (('钙钛矿' & '电池') | ('钙钛' & '钛矿' & '矿电' & '电池')) & 'lith':*
 *
 * Both query builders quote every token, so no text typed by a visitor reaches either engine's
 * query syntax.
 */
import { IDENTIFIER_PUNCTUATION } from './identifiers.ts';
import type { QueryPlan, QueryTerm } from './tokens.ts';
import { tokensForIndex } from './tokens.ts';

/** @internal The migration's tokenizer, written once for the tests that build an FTS5 table like it. */
export const FTS5_TOKENIZE = `unicode61 remove_diacritics 0 tokenchars '${IDENTIFIER_PUNCTUATION}'`;

/** A column's value for the FTS5 table: its tokens joined by spaces. */
export function indexText(text: string): string {
  return tokensForIndex(text).join(' ');
}

type Syntax = { term(t: QueryTerm): string; and: string; or: string };

function build(plan: QueryPlan, syntax: Syntax): string | null {
  const group = (parts: string[], op: string) => (parts.length === 1 ? parts[0]! : `(${parts.join(op)})`);
  const units = plan.map((unit) =>
    group(
      unit.alternatives.map((alternative) => group(alternative.map(syntax.term), syntax.and)),
      syntax.or,
    ),
  );
  return units.length === 0 ? null : units.join(syntax.and);
}

/**
 * An FTS5 MATCH expression, or null for a plan with nothing to look up. Columns, when given,
 * limit it: {title keywords} : (…).
 */
export function fts5Match(plan: QueryPlan, columns: readonly string[] = []): string | null {
  const expression = build(plan, {
    term: (t) => `"${t.token.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`,
    and: ' AND ',
    or: ' OR ',
  });
  if (expression === null || columns.length === 0) return expression;
  return `{${columns.join(' ')}} : (${expression})`;
}

/**
 * FTS5: the match expressions of several rows in one, combined left to right as the rows are:
 * ((r1) OR (r2)) NOT (r3). FTS5's NOT is binary (a NOT b: a and not b), as the rows' NOT is. A
 * PostgreSQL store would combine tsquery literals the same way with |, & and & !!.
 */
export function fts5Combine(rows: readonly { op: 'AND' | 'OR' | 'NOT'; match: string }[]): string | null {
  let combined: string | null = null;
  for (const row of rows) combined = combined === null ? `(${row.match})` : `(${combined} ${row.op} (${row.match}))`;
  return combined;
}

/**
 * PostgreSQL: each index column's lexeme tag and weight. Titles and identifiers weigh most, then
 * keywords, authors, and institutions and abstracts, as FTS5's BM25 weights order them (10, 8; 6; 4;
 * 2, 1) within the four weights a tsvector has.
 */
const TSVECTOR_COLUMNS = {
  title: { tag: 'T', weight: 'A' },
  identifier: { tag: 'D', weight: 'A' },
  keyword: { tag: 'K', weight: 'B' },
  author: { tag: 'U', weight: 'C' },
  institution: { tag: 'I', weight: 'D' },
  abstract: { tag: 'S', weight: 'D' },
} as const;

export type IndexColumn = keyof typeof TSVECTOR_COLUMNS;
const INDEX_COLUMNS = Object.keys(TSVECTOR_COLUMNS) as IndexColumn[];

/** ts_rank's weights of D, C, B and A lexemes. */
export const TS_RANK_WEIGHTS = '{0.1,0.4,0.6,1.0}';

const quoted = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * A tsvector literal of an item's columns (each its tokens joined by spaces, as indexText gives
 * them): every token tagged with its column, at its position, with the column's weight.
 */
export function tsvectorText(columns: Readonly<Record<IndexColumn, string>>): string {
  const lexemes: string[] = [];
  for (const column of INDEX_COLUMNS) {
    const { tag, weight } = TSVECTOR_COLUMNS[column];
    for (const token of columns[column].split(' '))
      if (token !== '') lexemes.push(`${quoted(tag + token)}:${lexemes.length + 1}${weight}`);
  }
  return lexemes.join(' ');
}

/** A tsquery literal of a plan, its terms looked up in the given columns (all when none); null when it has nothing to look up. */
export function tsQueryMatch(plan: QueryPlan, columns: readonly string[] = []): string | null {
  const tags = (columns.length === 0 ? INDEX_COLUMNS : (columns as IndexColumn[])).map(
    (column) => TSVECTOR_COLUMNS[column].tag,
  );
  const group = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`);
  return build(plan, {
    term: (t) => group(tags.map((tag) => `${quoted(tag + t.token)}${t.prefix ? ':*' : ''}`)),
    and: ' & ',
    or: ' | ',
  });
}

const TSQUERY_OPERATORS = { AND: '&', OR: '|', NOT: '& !' } as const;

/** PostgreSQL: the tsquery literals of several rows in one, combined left to right as fts5Combine does. */
export function tsQueryCombine(rows: readonly { op: 'AND' | 'OR' | 'NOT'; match: string }[]): string | null {
  let combined: string | null = null;
  for (const row of rows)
    combined = combined === null ? `(${row.match})` : `(${combined} ${TSQUERY_OPERATORS[row.op]} (${row.match}))`;
  return combined;
}
