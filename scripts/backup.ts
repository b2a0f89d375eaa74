/**
 * `npm run backup -- file`: writes a consistent copy of DATABASE_PATH (default ./data/portal.db)
 * to file while the server keeps running and writing; with DATABASE_URL naming PostgreSQL, a
 * pg_dump of that database (docs/operations.md).
 */

import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { backupDatabase } from '../src/server/store/backup.ts';
import { storeUrl } from '../src/server/store/open-store.ts';
import { backupPostgres } from '../src/server/store/postgres-backup.ts';
import { setUsage } from './cli.ts';
import { startProgress } from './lib/progress.ts';

setUsage('usage: npm run backup -- file');
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [file] = positionals;
if (positionals.length !== 1 || !file) {
  console.error('usage: npm run backup -- file');
  process.exit(2);
}
const started = performance.now();
const url = storeUrl();
if (url) {
  const { tables, bytes } = await backupPostgres(url, file);
  console.log(
    [
      `backed up the PostgreSQL database to ${file} (pg_dump) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      `  tables        ${tables}`,
      `  size          ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    ].join('\n'),
  );
  process.exit(0);
}
const { databasePath } = loadConfig();
const progress = startProgress(`backup ${databasePath}`, 'pages', 0);
const { pages } = await backupDatabase(databasePath, file, (copied, total) => progress.update(copied, total));
const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
progress.finish([
  `backed up ${databasePath} to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  `  pages         ${pages}`,
  `  size          ${megabytes} MB`,
  '  integrity     ok',
]);
