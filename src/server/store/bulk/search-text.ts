/**
 * The engine-specific part of the search index: the items' tokens in SQLite's FTS5 table
 * search_text, whose rowid is the search_docs id. A PostgreSQL store keeps the same tokens in a
 * tsvector column of search_docs and replaces these two functions (docs/decisions.md, grants and
 * index per written article).
 */
import { sql } from 'kysely';
import type { Tx } from './insert.ts';
import type { docText } from './search-index.ts';

export type TextRow = { id: number } & ReturnType<typeof docText>;

const TEXT_COLUMNS = ['title', 'keyword', 'author', 'institution', 'abstract', 'identifier'] as const;

/** Rows per statement: a fixed count (the rest in one last statement), so the SQL text repeats. */
const ROWS_PER_STATEMENT = 200;

export async function deleteSearchText(trx: Tx, docIds: readonly number[]): Promise<void> {
  if (docIds.length === 0) return;
  await sql`DELETE FROM search_text WHERE rowid IN (${sql.join(docIds)})`.execute(trx);
}

export async function insertSearchText(trx: Tx, rows: readonly TextRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map((row) => sql`(${sql.join([row.id, ...TEXT_COLUMNS.map((column) => row[column])])})`);
    await sql`INSERT INTO search_text (rowid, ${sql.join(TEXT_COLUMNS.map((column) => sql.ref(column)))})
      VALUES ${sql.join(values)}`.execute(trx);
  }
}

/**
 * Merges the tokens' index into one segment. A rebuild leaves the new rows spread over many
 * segments, which every query then merges term by term; run after writing a whole database.
 */
export async function optimizeSearchText(trx: Tx): Promise<void> {
  await sql`INSERT INTO search_text (search_text) VALUES ('optimize')`.execute(trx);
}
