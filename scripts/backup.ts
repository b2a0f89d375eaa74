/**
 * `npm run backup -- file`: writes a consistent copy of DATABASE_PATH (default ./data/portal.db)
 * to file while the server keeps running and writing (docs/operations.md).
 */

import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { backupDatabase } from '../src/server/store/backup.ts';
import { storeUrl } from '../src/server/store/open-store.ts';
import { setUsage } from './cli.ts';
import { startProgress } from './lib/progress.ts';

setUsage('usage: npm run backup -- file');
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [file] = positionals;
if (positionals.length !== 1 || !file) {
  console.error('usage: npm run backup -- file');
  process.exit(2);
}
// this command copies the SQLite file: a PostgreSQL store is PostgreSQL's own tools' to backup (docs/operations.md)
if (storeUrl()) {
  console.error(
    'DATABASE_URL names PostgreSQL: backup it with pg_dump (docs/operations.md, "More than one machine"); npm run backup copies the SQLite file only',
  );
  process.exit(2);
}
const { databasePath } = loadConfig();
const started = performance.now();
const progress = startProgress(`backup ${databasePath}`, 'pages', 0);
const { pages } = await backupDatabase(databasePath, file, (copied, total) => progress.update(copied, total));
const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
progress.finish([
  `backed up ${databasePath} to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  `  pages         ${pages}`,
  `  size          ${megabytes} MB`,
  '  integrity     ok',
]);
