/**
 * The bulk-write part of the store. The import and the demo seed write through the async query
 * builder inside one transaction (the functions below taking `trx`), with portable SQL only, so
 * that a PostgreSQL store runs them unchanged. Table and column names come from code, never from
 * input.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** What a column takes on both engines (a blob as bytes). */
export type BulkValue = string | number | bigint | Uint8Array | null;
export type RowValues = Record<string, BulkValue | undefined>;

export async function countRows(q: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await q
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The transaction (or the query builder) the async bulk functions write through. */
export type Tx = Kysely<Database>;

/** The tables whose rows have an `id` an insert can answer. */
export type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * The bound parameters one statement may carry on every engine the store runs on: SQLite's limit
 * (32,766), below PostgreSQL's 65,535.
 */
export const MAX_PARAMETERS = 32_766;

const named = (row: RowValues) => Object.keys(row).filter((key) => row[key] !== undefined);
const columnList = (columns: string[]) => sql.join(columns.map((column) => sql.ref(column)));

/** Inserts one row, giving its id. */
export async function insertRow(trx: Tx, table: TableWithId, row: RowValues): Promise<number> {
  const columns = named(row);
  const result = await sql<{ id: number }>`INSERT INTO ${sql.table(table)} (${columnList(columns)})
    VALUES (${sql.join(columns.map((column) => row[column]))}) RETURNING id`.execute(trx);
  return Number(result.rows[0]?.id);
}

/** Inserts rows that all name the columns of the first, as multi-row VALUES within MAX_PARAMETERS. */
export async function insertRows(trx: Tx, table: keyof Database, rows: readonly RowValues[]): Promise<void> {
  const columns = named(rows[0] ?? {});
  if (columns.length === 0) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows
      .slice(start, start + perStatement)
      .map((row) => sql`(${sql.join(columns.map((column) => row[column] ?? null))})`);
    await sql`INSERT INTO ${sql.table(table)} (${columnList(columns)}) VALUES ${sql.join(values)}`.execute(trx);
  }
}

/** One column a merge changed, with the value it had and the value it got. */
export type ColumnChange = { column: string; old: BulkValue | null; new: BulkValue };

/**
 * Sets the named fields of the row whose `key` column is `id`, only where they differ; answers
 * what changed (empty when nothing did).
 */
export async function mergeRow(
  trx: Tx,
  table: keyof Database,
  key: 'id' | 'site_id',
  id: number,
  fields: RowValues,
): Promise<ColumnChange[]> {
  const found = await sql<
    Record<string, unknown>
  >`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id}`.execute(trx);
  const current = found.rows[0];
  if (!current) return [];
  const changed = Object.keys(fields).filter(
    (column) => fields[column] !== undefined && (current[column] ?? null) !== fields[column],
  );
  if (changed.length === 0) return [];
  const assignments = changed.map((column) => sql`${sql.ref(column)} = ${fields[column]}`);
  await sql`UPDATE ${sql.table(table)} SET ${sql.join(assignments)} WHERE ${sql.ref(key)} = ${id}`.execute(trx);
  return changed.map((column) => ({
    column,
    old: (current[column] ?? null) as BulkValue | null,
    new: fields[column] as BulkValue,
  }));
}

/** The ordered child tables an import replaces as a whole. */
export type ChildTable =
  | 'authors'
  | 'institutions'
  | 'article_references'
  | 'article_supplements'
  | 'article_fulltexts'
  | 'album_items';

/**
 * Makes a parent's ordered child rows (authors of an article, items of an album) equal to `rows`,
 * leaving them untouched when they already are; true when they changed. Every row names the same columns.
 */
export async function replaceChildren(
  trx: Tx,
  table: ChildTable,
  parentColumn: 'article_id' | 'album_id',
  parentId: number,
  rows: readonly RowValues[],
): Promise<boolean> {
  const columns = Object.keys(rows[0] ?? { position: 0 });
  const found = await sql<Record<string, unknown>>`SELECT ${columnList(columns)} FROM ${sql.table(table)}
    WHERE ${sql.ref(parentColumn)} = ${parentId} ORDER BY position`.execute(trx);
  const wanted = rows.map((row) => columns.map((column) => row[column] ?? null));
  const had = found.rows.map((row) => columns.map((column) => row[column] ?? null));
  if (JSON.stringify(had) === JSON.stringify(wanted) && (rows.length > 0 || found.rows.length === 0)) return false;
  await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(parentColumn)} = ${parentId}`.execute(trx);
  await insertRows(
    trx,
    table,
    rows.map((row) => ({ [parentColumn]: parentId, ...row })),
  );
  return true;
}
