/**
 * The copy of a SQLite store into PostgreSQL, table by table in foreign-key order, in batches. Each
 * batch and the note of how far its table has come commit in one PostgreSQL transaction, so a copy
 * interrupted anywhere (killed, the network gone) resumes after its last committed batch: nothing
 * copied twice, nothing started over. A table that already has rows the copy did not write is
 * refused rather than merged.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../schema.ts';
import type { CopyPlan, TablePlan } from './copy-plan.ts';
import { batchesOf, countRows, keyOf, type Row } from './table-batches.ts';

/** PostgreSQL's limit of parameters in one statement */
const MAX_PARAMETERS = 65_535;

/** The copy's own note in the target database, kept after it ends so a second run only verifies. */
const PROGRESS = 'sqlite_copy_progress';

export type CopyProgress = { table: string; copied: number; rows: number };

const progressRow = z.object({
  table_name: z.string(),
  last_key: z.string().nullable(),
  copied: z.number(),
  done: z.boolean(),
});
const storedKey = z.array(z.union([z.number(), z.string()]));

export async function copyTables(
  source: Kysely<Database>,
  target: Kysely<Database>,
  plan: CopyPlan,
  options: { batchRows: number; onBatch?: (progress: CopyProgress) => void },
): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(PROGRESS)} (
    table_name text PRIMARY KEY, last_key text, copied bigint NOT NULL, done boolean NOT NULL)`.execute(target);
  const noted = await sql`SELECT table_name, last_key, copied, done FROM ${sql.table(PROGRESS)}`.execute(target);
  const progress = new Map(noted.rows.map((row) => progressRow.parse(row)).map((row) => [row.table_name, row]));
  for (const table of plan.tables) {
    const note = progress.get(table.table);
    if (note?.done) continue;
    if (!note && (await countRows(target, table.table)) > 0)
      throw new Error(
        `PostgreSQL's ${table.table} already has rows this copy did not write: copy into an empty database`,
      );
    await copyTable(source, target, table, {
      ...options,
      after: note?.last_key ? storedKey.parse(JSON.parse(note.last_key)) : null,
      copied: note?.copied ?? 0,
    });
  }
  for (const table of plan.tables) {
    const note = `${table.table} (deferred keys)`;
    if (table.deferred.length > 0 && !progress.get(note)?.done) {
      await fillDeferred(source, target, table, options.batchRows);
      await noteProgress(target, note, null, 0, true);
    }
  }
  for (const table of plan.tables) if (table.identity) await setIdentityPastRows(target, table.table, table.identity);
}

async function copyTable(
  source: Kysely<Database>,
  target: Kysely<Database>,
  table: TablePlan,
  options: {
    batchRows: number;
    after: unknown[] | null;
    copied: number;
    onBatch?: (progress: CopyProgress) => void;
  },
): Promise<void> {
  const rows = await countRows(source, table.table);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  let copied = options.copied;
  for await (const batch of batchesOf(source, table, options.batchRows, options.after)) {
    const last = batch[batch.length - 1];
    if (!last) break;
    copied += batch.length;
    await target.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += perStatement)
        await insertRows(trx, table, batch.slice(start, start + perStatement));
      await noteProgress(trx, table.table, JSON.stringify(keyOf(table, last)), copied, false);
    });
    options.onBatch?.({ table: table.table, copied, rows });
  }
  await noteProgress(target, table.table, null, copied, true);
}

async function insertRows(trx: Kysely<Database>, table: TablePlan, rows: Row[]): Promise<void> {
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  const value = (row: Row, column: string) => (table.deferred.includes(column) ? null : row[column]);
  const values = sql.join(
    rows.map((row) => sql`(${sql.join(table.columns.map((column) => parameter(value(row, column))))})`),
  );
  await sql`INSERT INTO ${sql.table(table.table)} (${columns}) VALUES ${values}`.execute(trx);
}

/** The keys copied as NULL, set row by row now that the rows they name exist (run again whole on a resume). */
async function fillDeferred(
  source: Kysely<Database>,
  target: Kysely<Database>,
  table: TablePlan,
  batchRows: number,
): Promise<void> {
  for await (const batch of batchesOf(source, table, batchRows)) {
    const named = batch.filter((row) => table.deferred.some((column) => row[column] !== null));
    if (named.length === 0) continue;
    await target.transaction().execute(async (trx) => {
      for (const row of named) {
        const set = sql.join(table.deferred.map((column) => sql`${sql.ref(column)} = ${row[column]}`));
        const where = sql.join(
          table.key.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
          sql` AND `,
        );
        await sql`UPDATE ${sql.table(table.table)} SET ${set} WHERE ${where}`.execute(trx);
      }
    });
  }
}

/** pg sends a Buffer as bytea; node:sqlite reads a BLOB as a plain Uint8Array */
function parameter(value: unknown): RawBuilder<unknown> {
  return sql.val(value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);
}

async function noteProgress(
  db: Kysely<Database>,
  table: string,
  lastKey: string | null,
  copied: number,
  done: boolean,
): Promise<void> {
  await sql`INSERT INTO ${sql.table(PROGRESS)} (table_name, last_key, copied, done)
    VALUES (${table}, ${lastKey}, ${copied}, ${done})
    ON CONFLICT (table_name) DO UPDATE SET
      last_key = COALESCE(excluded.last_key, ${sql.table(PROGRESS)}.last_key), copied = excluded.copied, done = excluded.done`.execute(
    db,
  );
}

/** New rows written through PostgreSQL then get ids after the copied ones. */
async function setIdentityPastRows(target: Kysely<Database>, table: string, column: string): Promise<void> {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  await sql`SELECT setval(pg_get_serial_sequence(${quoted}, ${column}), COALESCE(MAX(${sql.ref(column)}), 0) + 1, false)
    FROM ${sql.table(table)}`.execute(target);
}
