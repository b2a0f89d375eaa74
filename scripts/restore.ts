/**
 * `npm run restore -- file`: puts a backup in place of DATABASE_PATH (default ./data/portal.db)
 * with the server stopped. Refuses while anything has the database open, or when the backup fails
 * its integrity check; the replaced database is kept beside it (docs/operations.md).
 */

import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { RestoreRefused, restoreDatabase } from '../src/server/store/backup.ts';
import { setUsage } from './cli.ts';
import { startProgress } from './lib/progress.ts';
import { refuseWithPostgres } from './lib/sqlite-file-only.ts';

setUsage('usage: npm run restore -- file');
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [file] = positionals;
if (positionals.length !== 1 || !file) {
  console.error('usage: npm run restore -- file');
  process.exit(2);
}
refuseWithPostgres('restore', 'pg_restore');
const { databasePath } = loadConfig();
const progress = startProgress(`restore ${file}`, 'pages', 0);
try {
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
