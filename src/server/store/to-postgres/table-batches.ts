/**
 * Reading a table in batches by its primary key (keyset: each batch starts after the last key of
 * the one before), the same SQL on both engines, so the copy and its verification read alike.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import type { TablePlan } from './copy-plan.ts';

export type Row = Record<string, unknown>;

export async function readBatch(
  db: Kysely<Database>,
  plan: TablePlan,
  after: readonly unknown[] | null,
  limit: number,
): Promise<Row[]> {
  const key = sql.join(plan.key.map((column) => sql.ref(column)));
  const from = after ? sql`WHERE (${key}) > (${sql.join(after)})` : sql``;
  const columns = sql.join(plan.columns.map((column) => sql.ref(column)));
  const result =
    await sql<Row>`SELECT ${columns} FROM ${sql.table(plan.table)} ${from} ORDER BY ${key} LIMIT ${limit}`.execute(db);
  return result.rows;
}

export function keyOf(plan: TablePlan, row: Row): unknown[] {
  return plan.key.map((column) => row[column]);
}

export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Every batch of a table in key order. */
export async function* batchesOf(
  db: Kysely<Database>,
  plan: TablePlan,
  batchRows: number,
  after: readonly unknown[] | null = null,
): AsyncGenerator<Row[]> {
  let last = after;
  for (;;) {
    const rows = await readBatch(db, plan, last, batchRows);
    if (rows.length === 0) return;
    yield rows;
    const final = rows[rows.length - 1];
    if (!final || rows.length < batchRows) return;
    last = keyOf(plan, final);
  }
}
