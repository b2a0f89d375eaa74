/** The copy's proof: each table's row count and checksum, read from both engines. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { CopyPlan } from './copy-plan.ts';
import { type TableDigest, tableDigest } from './table-digest.ts';

export type TableCheck = { table: string; sqlite: TableDigest; postgres: TableDigest; same: boolean };

export async function verifyCopy(
  source: Kysely<Database>,
  target: Kysely<Database>,
  plan: CopyPlan,
  batchRows: number,
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of plan.tables) {
    const [sqlite, postgres] = await Promise.all([
      tableDigest(source, table, batchRows),
      tableDigest(target, table, batchRows),
    ]);
    checks.push({
      table: table.table,
      sqlite,
      postgres,
      same: sqlite.rows === postgres.rows && sqlite.checksum === postgres.checksum,
    });
  }
  return checks;
}
