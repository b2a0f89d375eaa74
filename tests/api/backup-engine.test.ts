/**
 * `npm run backup` and `npm run restore` on a PostgreSQL store (DATABASE_URL): a pg_dump while the
 * database is open, a change made after it undone by the restore, and the refusals of a restore
 * that could lose or mix data (sessions still open, a file that is not a dump). The SQLite file's
 * backup and restore: tests/e2e/backup.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/index.ts';
import { closeStore, openStore } from '../../src/server/store/open-store.ts';
import { type PostgresCluster, startPostgresCluster } from '../fixtures/postgres-cluster.ts';
import { run as runSql, value } from '../fixtures/rows.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

let cluster: PostgresCluster;
let dir = '';

const command = (name: 'backup' | 'restore', file: string) =>
  run(process.execPath, [`scripts/${name}.ts`, file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: cluster.url },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pg-backup-'));
  cluster = await startPostgresCluster();
  const db = await openStore('', { DATABASE_URL: cluster.url });
  await seedDemo(db, { articles: 20 });
  await closeStore(db);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('backups of a PostgreSQL store', () => {
  it('npm run backup dumps the database while it is open; npm run restore undoes what came after', async () => {
    const db = await openStore('', { DATABASE_URL: cluster.url });
    const file = join(dir, 'portal.dump');
    const articles = await value(db, 'SELECT count(*) FROM articles');
    // a server's session stays open through the backup: pg_dump reads one snapshot beside it
    const backup = await command('backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/backed up the PostgreSQL database to .*portal\.dump/);

    await runSql(db, "UPDATE sites SET name = 'changed after the backup' WHERE sld = 'jmst'");
    await runSql(db, 'DELETE FROM article_daily_counts');
    // a restore refuses while another session has the database open
    const refused = await command('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop the servers first');
    await closeStore(db);

    const restore = await command('restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    const after = await openStore('', { DATABASE_URL: cluster.url });
    try {
      expect(await value(after, 'SELECT count(*) FROM articles')).toBe(articles);
      expect(await value(after, "SELECT count(*) FROM sites WHERE name = 'changed after the backup'")).toBe(0);
    } finally {
      await closeStore(after);
    }
  });

  it('npm run restore refuses a file that is not a dump and leaves the database as it was', async () => {
    const file = join(dir, 'not-a-dump');
    writeFileSync(file, 'this is not a dump');
    const refused = await command('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a PostgreSQL dump');
    const db = await openStore('', { DATABASE_URL: cluster.url });
    try {
      expect(await value(db, 'SELECT count(*) FROM articles')).toBeGreaterThan(0);
    } finally {
      await closeStore(db);
    }
  });
});
