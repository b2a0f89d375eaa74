/**
 * How tokens reach each engine. The index side, for either engine:
 *
 *   SQLite FTS5:  CREATE VIRTUAL TABLE … USING fts5(title, keywords, …, tokenize = "<FTS5_TOKENIZE>")
 *                 INSERT … VALUES (indexText(title), indexText(keywords), …)
 *                 … WHERE search MATCH fts5Match(queryPlan(q)) ORDER BY bm25(search)
 *   PostgreSQL:   tsv tsvector = setweight(array_to_tsvector(tokensForIndex(title)), 'A') || …
 *                 … WHERE tsv @@ '<the plan as a tsquery literal>'::tsquery
 *
 * FTS5 re-tokenizes the joined text with unicode61, which splits on whitespace and on punctuation
 * other than FTS5_TOKENIZE's tokenchars, the only punctuation our tokens contain; it removes no
 * diacritics (they are folded already). PostgreSQL's array_to_tsvector and the ::tsquery cast take
 * the tokens verbatim, so neither engine changes a token.
 *
 * A plan becomes quoted tokens, a unit's alternatives joined with OR, the units with AND, '*' (or
 * ':*') after prefix terms. '钙钛矿电池 lith', fuzzy, reads in FTS5
 *   (("钙钛矿" AND "电池") OR ("钙钛" AND "钛矿" AND "矿电" AND "电池")) AND "lith"*
 * and in PostgreSQL
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
