/**
 * `npm run restore -- file`: puts a backup in place of DATABASE_PATH (default ./data/portal.db)
 * with the server stopped. Refuses while anything has the database open, or when the backup fails
 * its integrity check; the replaced database is kept beside it. With DATABASE_URL naming
 * PostgreSQL, pg_restore of a `npm run backup` dump into that database, in one transaction
 * (docs/operations.md).
 */

import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { RestoreRefused, restoreDatabase } from '../src/server/store/backup.ts';
import { storeUrl } from '../src/server/store/open-store.ts';
import { restorePostgres } from '../src/server/store/postgres-backup.ts';
import { setUsage } from './cli.ts';
import { startProgress } from './lib/progress.ts';

setUsage('usage: npm run restore -- file');
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [file] = positionals;
if (positionals.length !== 1 || !file) {
  console.error('usage: npm run restore -- file');
  process.exit(2);
}
const url = storeUrl();
const { databasePath } = loadConfig();
try {
  if (url) {
    const { tables } = await restorePostgres(url, file);
    console.log(
      `restored ${file} into the PostgreSQL database (pg_restore, one transaction)\n  tables        ${tables}`,
    );
    process.exit(0);
  }
  const progress = startProgress(`restore ${file}`, 'pages', 0);
  const { keptAs } = await restoreDatabase(databasePath, file, new Date(), (copied, total) =>
    progress.update(copied, total),
  );
  progress.finish([
    `restored ${file} to ${databasePath}`,
    `  replaced database kept as ${keptAs ?? '(there was none)'}`,
  ]);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`restore refused: ${error.message}`);
  process.exitCode = 1;
}
