/**
 * `npm run migrate-to-postgres`: a seeded SQLite demo copied into a throwaway PostgreSQL 15 cluster
 * (tests/fixtures/postgres-cluster.ts), each test into a database of its own: every shared table
 * arrives with the same rows (counts and checksums on both engines); a copy interrupted mid-table
 * resumes where it stopped; a row altered afterwards fails the verification and the command.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { closeStore, openStore } from '../../src/server/store/open-store.ts';
import { openPostgres } from '../../src/server/store/postgres.ts';
import type { Database } from '../../src/server/store/schema.ts';
import type { CopyProgress } from '../../src/server/store/to-postgres/copy-tables.ts';
import { migrateToPostgres } from '../../src/server/store/to-postgres/migrate.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { type PostgresCluster, startPostgresCluster } from '../fixtures/postgres-cluster.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

let cluster: PostgresCluster;
let demo: DemoDb;
const opened: Kysely<Database>[] = [];

beforeAll(async () => {
  [cluster, demo] = await Promise.all([startPostgresCluster(), createDemoDb({ articles: 60 })]);
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await cluster?.stop();
  demo?.cleanup();
});

/** A new empty database on the cluster, and a Kysely on it. */
async function freshDatabase(name: string): Promise<{ url: string; db: Kysely<Database> }> {
  const admin = openPostgres(cluster.url);
  try {
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const url = cluster.url.replace(/\/postgres$/, `/${name}`);
  const db = openPostgres(url);
  opened.push(db);
  return { url, db };
}

const sqliteCount = (table: string) =>
  Number((demo.db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n);

describe('migrate-to-postgres', () => {
  it('copies every shared table with the same rows, and resumes an interrupted copy where it stopped', async () => {
    const { url, db } = await freshDatabase('interrupted');
    const first: CopyProgress[] = [];
    const interrupted = migrateToPostgres({
      sqlitePath: demo.path,
      databaseUrl: url,
      batchRows: 40,
      onBatch: (progress) => {
        first.push(progress);
        // stops in the middle of a table several tables in, as a killed process would
        if (first.length >= 20 && progress.copied < progress.rows) throw new Error('interrupted');
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    const cut = first.at(-1);
    if (!cut) throw new Error('batches before the interruption');
    const tablesBefore = new Set(first.map((p) => p.table));
    expect(tablesBefore.size).toBeGreaterThan(2);
    // the batch that threw had committed; the copy stopped there
    expect(await rowsIn(db, cut.table)).toBe(cut.copied);

    const second: CopyProgress[] = [];
    const report = await migrateToPostgres({
      sqlitePath: demo.path,
      databaseUrl: url,
      batchRows: 40,
      onBatch: (progress) => second.push(progress),
    });
    // the second run starts with the interrupted table's next batch: no finished table again
    expect(second[0]).toMatchObject({ table: cut.table, copied: Math.min(cut.copied + 40, cut.rows) });
    expect(second.filter((p) => tablesBefore.has(p.table) && p.table !== cut.table)).toEqual([]);

    expect(report.checks.filter((check) => !check.same)).toEqual([]);
    for (const table of ['sites', 'articles', 'authors', 'files', 'channels', 'search_facets'])
      expect(await rowsIn(db, table), table).toBe(sqliteCount(table));
    expect(report.checks.find((c) => c.table === 'articles')?.postgres.rows).toBe(sqliteCount('articles'));
    expect(report.plan.sqliteOnly).toEqual(expect.arrayContaining(['search_text', 'schema_migrations']));
    // the first article written on PostgreSQL takes the next id, not a copied one
    const { id } = await db
      .insertInto('sites')
      .values({ sld: 'after', name: '后', en_name: 'After', type: 'single', created_at: '2026-11-27T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(Number((demo.db.prepare('SELECT MAX(id) AS id FROM sites').get() as { id: number }).id) + 1);

    // the copy has no text index of PostgreSQL's own: the first search writes it, and finds what SQLite finds
    const search = parseSimpleSearch(new URLSearchParams({ q: '材料' }));
    if (!search.ok) throw new Error('a simple search');
    const copied = await openStore(demo.path, { DATABASE_URL: url });
    try {
      const there = await simpleSearch(copied, { siteId: 1, now: new Date() }, search.value);
      const here = await simpleSearch(demo.db, { siteId: 1, now: new Date() }, search.value);
      expect(here.total).toBeGreaterThan(0);
      expect(there.total).toBe(here.total);
    } finally {
      await closeStore(copied);
    }
  }, 120_000);

  it('as a command: killed mid-copy, run again, prints each table verified; then fails naming a table whose row was altered', async () => {
    const { url, db } = await freshDatabase('altered');
    const args = (batch: number) => ['scripts/migrate-to-postgres.ts', '--from', demo.path, '--batch', String(batch)];
    const env = { ...process.env, DATABASE_URL: url };
    const killed = spawn(process.execPath, args(20), { cwd: ROOT, env, stdio: 'ignore' });
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    const midCopy = async () => {
      const notes = await sql<{ done: boolean; copied: number }>`SELECT done, copied FROM sqlite_copy_progress`
        .execute(db)
        .then(
          (result) => result.rows,
          () => [],
        );
      return notes.filter((note) => note.done).length >= 3 && notes.some((note) => !note.done && note.copied > 0);
    };
    while (!(await midCopy())) await new Promise((resolve) => setTimeout(resolve, 10));
    killed.kill('SIGKILL');
    await exited;
    const before = await sql<{ copied: number }>`SELECT copied FROM sqlite_copy_progress`.execute(db);
    const copiedBefore = before.rows.reduce((sum, note) => sum + note.copied, 0);
    expect(copiedBefore).toBeGreaterThan(0);

    // batches of another size: the notes are keys, not batch numbers
    const command = () => run(process.execPath, args(500), { cwd: ROOT, env });
    const copied = await command();
    expect(copied.stdout).toMatch(new RegExp(`^articles +${sqliteCount('articles')} +[0-9a-f]{16} +same$`, 'm'));
    expect(copied.stdout).not.toMatch(/MISMATCH/);
    expect(copied.stdout).toMatch(/copied \d+ tables from .* and verified them/);

    await sql`UPDATE articles SET title = title || '!' WHERE id = (SELECT MIN(id) FROM articles)`.execute(db);
    const failed = await command().then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/^articles .* MISMATCH/m);
    expect(failed?.stdout).toMatch(/^authors .* same$/m);
    expect(failed?.stderr).toContain('verification failed: articles differ');
  }, 120_000);

  it('as a command: refuses no PostgreSQL URL and a batch size out of range, saying why', async () => {
    const refused = (env: Record<string, string>, args: string[]) =>
      run(process.execPath, ['scripts/migrate-to-postgres.ts', '--from', demo.path, ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
    const noUrl = await refused({}, []);
    expect(noUrl?.code).not.toBe(0);
    expect(noUrl?.stderr).toContain('DATABASE_URL must name the PostgreSQL database');
    const badBatch = await refused({ DATABASE_URL: cluster.url }, ['--batch', '0']);
    expect(badBatch?.code).not.toBe(0);
    expect(badBatch?.stderr).toMatch(/batch/);
  });

  it('refuses a database whose tables already hold rows it did not copy', async () => {
    const { url, db } = await freshDatabase('occupied');
    await migrateToPostgres({ sqlitePath: demo.path, databaseUrl: url, batchRows: 500 });
    await sql`DROP TABLE sqlite_copy_progress`.execute(db);
    await expect(migrateToPostgres({ sqlitePath: demo.path, databaseUrl: url, batchRows: 500 })).rejects.toThrow(
      /already has rows this copy did not write/,
    );
  }, 120_000);
});

async function rowsIn(db: Kysely<Database>, table: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n);
}
