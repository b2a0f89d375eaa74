/**
 * `DATABASE_URL=postgres://… npm run migrate-to-postgres [-- --from data/portal.db] [--batch 500]`:
 * copies the embedded SQLite store into PostgreSQL (resumable: run it again after an interruption),
 * then prints each table's row count and checksum on both engines and exits non-zero on a mismatch.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { migrateToPostgres } from '../src/server/store/to-postgres/migrate.ts';
import { setUsage } from './cli.ts';

setUsage(
  'usage: DATABASE_URL=postgres://user@host:port/database npm run migrate-to-postgres -- [--from file] [--batch rows]',
);
const NEEDS_URL = 'DATABASE_URL must name the PostgreSQL database to copy into (postgres://…)';
const { values } = parseArgs({ options: { from: { type: 'string' }, batch: { type: 'string' } } });
const settings = z
  .object({
    DATABASE_URL: z.string({ error: NEEDS_URL }).regex(/^postgres(?:ql)?:\/\//, NEEDS_URL),
    DATABASE_PATH: z.string().min(1).default('./data/portal.db'),
    from: z.string().min(1).optional(),
    batch: z.coerce.number().int().min(1).max(50_000).default(500),
  })
  .parse({ ...process.env, ...values });
const sqlitePath = settings.from ?? settings.DATABASE_PATH;

const started = performance.now();
let reported = '';
const report = await migrateToPostgres({
  sqlitePath,
  databaseUrl: settings.DATABASE_URL,
  batchRows: settings.batch,
  onBatch: ({ table, copied, rows }) => {
    if (copied < rows) return;
    if (reported !== table) console.error(`copied ${table}: ${copied} row(s)`);
    reported = table;
  },
});
const width = Math.max(...report.checks.map((check) => check.table.length));
console.log(`${'table'.padEnd(width)}  ${'rows'.padStart(9)}  ${'checksum'.padEnd(16)}  postgresql`);
for (const { table, sqlite, postgres, same } of report.checks) {
  const theirs = same ? 'same' : `MISMATCH: ${postgres.rows} row(s), ${postgres.checksum}`;
  console.log(`${table.padEnd(width)}  ${String(sqlite.rows).padStart(9)}  ${sqlite.checksum}  ${theirs}`);
}
if (report.plan.sqliteOnly.length > 0) console.log(`not copied (SQLite's own): ${report.plan.sqliteOnly.join(', ')}`);
if (report.plan.postgresOnly.length > 0)
  console.log(`PostgreSQL only, left to their defaults: ${report.plan.postgresOnly.join(', ')}`);
const mismatched = report.checks.filter((check) => !check.same);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (mismatched.length > 0) {
  console.error(`verification failed: ${mismatched.map((check) => check.table).join(', ')} differ (${seconds} s)`);
  process.exit(1);
}
console.log(`copied ${report.checks.length} tables from ${sqlitePath} and verified them in ${seconds} s`);
