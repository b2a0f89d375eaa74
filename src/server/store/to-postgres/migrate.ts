/**
 * Moving an embedded store into PostgreSQL (`npm run migrate-to-postgres`): the SQLite file and
 * the PostgreSQL database both migrated to this checkout's schema, the shared tables copied
 * (resumable), then every copied table verified.
 */
import { openDb } from '../db.ts';
import { migratePostgres, openPostgres } from '../postgres.ts';
import { type CopyPlan, copyPlan } from './copy-plan.ts';
import { type CopyProgress, copyTables } from './copy-tables.ts';
import { type TableCheck, verifyCopy } from './verify-copy.ts';

export type MigrationReport = { plan: CopyPlan; checks: TableCheck[] };

export async function migrateToPostgres(options: {
  sqlitePath: string;
  databaseUrl: string;
  batchRows: number;
  onBatch?: (progress: CopyProgress) => void;
}): Promise<MigrationReport> {
  const source = openDb(options.sqlitePath);
  const target = openPostgres(options.databaseUrl);
  try {
    await migratePostgres(target);
    const plan = await copyPlan(source.kysely, target);
    await copyTables(source.kysely, target, plan, {
      batchRows: options.batchRows,
      ...(options.onBatch ? { onBatch: options.onBatch } : {}),
    });
    return { plan, checks: await verifyCopy(source.kysely, target, plan, options.batchRows) };
  } finally {
    source.close();
    await target.destroy();
  }
}
