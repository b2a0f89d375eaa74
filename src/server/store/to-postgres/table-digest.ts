/**
 * A table's row count and checksum, computed alike on either engine: each row's values (in the
 * plan's column order, bytes as hex) hashed, the hashes summed modulo 2^64. The sum does not depend
 * on the order rows come in, so SQLite's and PostgreSQL's orders of text keys need not agree.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { TablePlan } from './copy-plan.ts';
import { batchesOf, type Row } from './table-batches.ts';

export type TableDigest = { rows: number; checksum: string };

const MASK = (1n << 64n) - 1n;

function rowHash(plan: TablePlan, row: Row): bigint {
  const values = plan.columns.map((column) => {
    const value = row[column];
    return value instanceof Uint8Array ? { bytes: Buffer.from(value).toString('hex') } : value;
  });
  return createHash('sha256').update(JSON.stringify(values)).digest().readBigUInt64BE(0);
}

export async function tableDigest(db: Kysely<Database>, plan: TablePlan, batchRows: number): Promise<TableDigest> {
  let rows = 0;
  let sum = 0n;
  for await (const batch of batchesOf(db, plan, batchRows)) {
    rows += batch.length;
    for (const row of batch) sum = (sum + rowHash(plan, row)) & MASK;
  }
  return { rows, checksum: sum.toString(16).padStart(16, '0') };
}
