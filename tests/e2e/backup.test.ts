/**
 * npm run backup / restore on a real database file: a backup taken while another process keeps
 * committing is sound and holds everything committed before it started; restore refuses while
 * anything has the database open and refuses a damaged backup; the replaced database is kept.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../src/server/seed/index.ts';
import { openDb } from '../../src/server/store/db.ts';

const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
const live = join(dir, 'portal.db');
const backupFile = join(dir, 'backups', 'portal-1.db');
let writer: ChildProcess | undefined;

/** commits one probe row at a time, as fast as it can, until killed */
const WRITER = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1]);
db.exec('PRAGMA busy_timeout = 5000');
const insert = db.prepare("INSERT INTO backup_probe (note) VALUES ('written while the backup may run')");
const tick = () => { insert.run(); setImmediate(tick); };
tick();
`;

/** a command that has not finished in this time never will (a backup that restarts at every commit) */
const COMMAND_LIMIT_MS = 60_000;

function run(script: 'backup' | 'restore', file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', file],
      { env: { ...process.env, DATABASE_PATH: live }, encoding: 'utf8', timeout: COMMAND_LIMIT_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const probeMax = (db: DatabaseSync) =>
  Number(db.prepare('SELECT COALESCE(MAX(n), 0) AS n FROM backup_probe').get()?.['n']);
const count = (db: DatabaseSync, sql: string) => Number(db.prepare(sql).get()?.['n']);

beforeAll(async () => {
  const db = openDb(live);
  await seedDemo(db, { articles: 300 });
  db.exec('CREATE TABLE backup_probe (n INTEGER PRIMARY KEY, note TEXT NOT NULL)');
  db.close();
});

afterAll(() => {
  writer?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let committedBefore = 0;
  let articles = 0;

  it('backs up while another process keeps writing: sound, and nothing committed before it started is missing', {
    timeout: COMMAND_LIMIT_MS + 30_000,
  }, async () => {
    const db = new DatabaseSync(live);
    writer = spawn(process.execPath, ['-e', WRITER, live], { stdio: 'ignore' });
    await vi.waitFor(() => expect(probeMax(db)).toBeGreaterThan(50), { timeout: 20_000, interval: 20 });
    committedBefore = probeMax(db);
    articles = count(db, 'SELECT COUNT(*) AS n FROM articles');

    const result = await run('backup', backupFile);
    expect(result.stderr).toContain('pages');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`backed up ${live} to ${backupFile}`);
    expect(result.stdout).toMatch(/integrity\s+ok/);
    // the writer went on during the backup: the database moved past what the backup started with
    expect(probeMax(db)).toBeGreaterThan(committedBefore);
    db.close();

    const copy = new DatabaseSync(backupFile, { readOnly: true });
    expect(copy.prepare('PRAGMA integrity_check').get()?.['integrity_check']).toBe('ok');
    expect(count(copy, `SELECT COUNT(*) AS n FROM backup_probe WHERE n <= ${committedBefore}`)).toBe(committedBefore);
    expect(count(copy, 'SELECT COUNT(*) AS n FROM articles')).toBe(articles);
    copy.close();
    expect(readdirSync(join(dir, 'backups'))).toEqual(['portal-1.db']);
  });

  it('refuses to restore while another process has the database open, and changes nothing', async () => {
    const result = await run('restore', backupFile);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('restore refused');
    expect(result.stderr).toContain('is open in another process (is the server running?)');
    expect(readdirSync(dir).filter((name) => name.includes('replaced'))).toEqual([]);
  });

  it('refuses while an idle server connection has the database open', async () => {
    const exited = new Promise((resolve) => writer?.once('exit', resolve));
    writer?.kill();
    await exited;
    // what a server holds between requests: opened (migrations ran), nothing in flight
    const server = openDb(live);
    const result = await run('restore', backupFile);
    server.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is open in another process (is the server running?)');
    expect(readdirSync(dir).filter((name) => name.includes('replaced'))).toEqual([]);
  });

  it('refuses a damaged backup before touching the database', async () => {
    const damaged = join(dir, 'damaged.db');
    copyFileSync(backupFile, damaged);
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, 8192);
    closeSync(fd);
    const result = await run('restore', damaged);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`restore refused: ${damaged} is not a sound backup, nothing was changed`);
    expect(readdirSync(dir).filter((name) => name.includes('replaced'))).toEqual([]);
  });

  it('restores with the server stopped, keeping the replaced database aside', async () => {
    const before = new DatabaseSync(live, { readOnly: true });
    const liveMax = probeMax(before);
    before.close();

    const result = await run('restore', backupFile);
    expect(result.stderr).not.toContain('refused');
    expect(result.code).toBe(0);
    const kept = readdirSync(dir).filter((name) => /^portal\.db\.replaced-/.test(name));
    expect(kept).toHaveLength(1);
    expect(result.stdout).toContain(`replaced database kept as ${join(dir, kept[0] ?? '')}`);

    const restored = new DatabaseSync(live, { readOnly: true });
    expect(restored.prepare('PRAGMA integrity_check').get()?.['integrity_check']).toBe('ok');
    expect(count(restored, `SELECT COUNT(*) AS n FROM backup_probe WHERE n <= ${committedBefore}`)).toBe(
      committedBefore,
    );
    expect(count(restored, 'SELECT COUNT(*) AS n FROM articles')).toBe(articles);
    expect(probeMax(restored)).toBeLessThan(liveMax);
    restored.close();
    const old = new DatabaseSync(join(dir, kept[0] ?? ''), { readOnly: true });
    expect(probeMax(old)).toBe(liveMax);
    old.close();
    expect(existsSync(`${live}.restoring`)).toBe(false);
  });
});
