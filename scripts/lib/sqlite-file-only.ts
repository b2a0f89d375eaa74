import { storeUrl } from '../../src/server/store/open-store.ts';

/**
 * A command that copies the SQLite file stops when DATABASE_URL names PostgreSQL (the servers then
 * use no file), naming PostgreSQL's own tool instead.
 */
export function refuseWithPostgres(command: string, tool: 'pg_dump' | 'pg_restore'): void {
  if (!storeUrl()) return;
  console.error(
    `DATABASE_URL names PostgreSQL: use ${tool} instead (docs/operations.md, "More than one machine"); npm run ${command} copies the SQLite file only`,
  );
  process.exit(2);
}
