/**
 * The engine-specific part of the search index: the items' tokens, keyed by their search_docs id.
 * SQLite keeps them in the FTS5 table search_text (rowid, a column of tokens per index column);
 * PostgreSQL in its table search_text (id, one tsvector of the same tokens tagged by column and
 * weighted, tsvectorText), found through a GIN index (migration 123).
 */
import { sql } from 'kysely';
import { tsvectorText } from '../../search/match.ts';
import { engineOf } from '../engine.ts';
import type { Tx } from './insert.ts';
import type { docText } from './search-index.ts';

export type TextRow = { id: number } & ReturnType<typeof docText>;

const TEXT_COLUMNS = ['title', 'keyword', 'author', 'institution', 'abstract', 'identifier'] as const;

/** Rows per statement: a fixed count (the rest in one last statement), so the SQL text repeats. */
const ROWS_PER_STATEMENT = 200;

export async function deleteSearchText(trx: Tx, docIds: readonly number[]): Promise<void> {
  if (docIds.length === 0) return;
  const key = engineOf(trx) === 'postgres' ? sql.ref('id') : sql.ref('rowid');
  await sql`DELETE FROM search_text WHERE ${key} IN (${sql.join(docIds)})`.execute(trx);
}

export async function insertSearchText(trx: Tx, rows: readonly TextRow[]): Promise<void> {
  const postgres = engineOf(trx) === 'postgres';
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    if (postgres) {
      const values = chunk.map((row) => sql`(${row.id}, ${tsvectorText(row)}::tsvector)`);
      await sql`INSERT INTO search_text (id, tsv) VALUES ${sql.join(values)}`.execute(trx);
    } else {
      const values = chunk.map((row) => sql`(${sql.join([row.id, ...TEXT_COLUMNS.map((column) => row[column])])})`);
      await sql`INSERT INTO search_text (rowid, ${sql.join(TEXT_COLUMNS.map((column) => sql.ref(column)))})
        VALUES ${sql.join(values)}`.execute(trx);
    }
  }
}

/**
 * After writing a whole database: FTS5 merges the tokens' index into one segment (a rebuild leaves
 * the new rows spread over many, which every query then merges term by term); PostgreSQL moves the
 * GIN index's pending list, where fast inserts wait, into the index proper.
 */
export async function optimizeSearchText(trx: Tx): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`SELECT gin_clean_pending_list('search_text_tsv'::regclass)`.execute(trx);
  else await sql`INSERT INTO search_text (search_text) VALUES ('optimize')`.execute(trx);
}
