import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';

// HTTP workers, the builder and an import in another process may all open a database that is
// still being migrated (a fresh one, or one a deploy gave new migrations).
const dir = mkdtempSync(join(tmpdir(), 'concurrent-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const migrationFiles = readdirSync('src/server/store/migrations/sqlite').filter((f) => /^\d+_.*\.sql$/.test(f)).length;

const openInChild = (path: string) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openDb } = await import(${JSON.stringify(join(process.cwd(), 'src/server/store/db.ts'))}); openDb(process.argv[1]).close();`,
        path,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });

describe('several processes opening one new database', () => {
  it('all open it, and every migration runs once', async () => {
    for (let round = 0; round < 2; round++) {
      const path = join(dir, `portal-${round}.db`);
      const results = await Promise.all(Array.from({ length: 4 }, () => openInChild(path)));
      expect(results.map((result) => result.stderr.split('\n').find((line) => /Error/.test(line)) ?? '')).toEqual([
        '',
        '',
        '',
        '',
      ]);
      expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0]);
      const db = new DatabaseSync(path);
      const versions = db.prepare('SELECT count(*) AS n FROM schema_migrations').get();
      db.close();
      expect(versions?.['n']).toBe(migrationFiles);
    }
  }, 120_000);
});
