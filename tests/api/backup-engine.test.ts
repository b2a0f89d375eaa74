/**
 * `npm run backup` and `npm run restore` copy the SQLite file: with DATABASE_URL naming PostgreSQL
 * they refuse, naming PostgreSQL's own tools, instead of copying a file the servers do not use.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

describe('backups of a PostgreSQL store', () => {
  it.each([
    ['backup', 'pg_dump'],
    ['restore', 'pg_restore'],
  ])('npm run %s refuses and names %s', async (command, tool) => {
    const failed = await run(process.execPath, [`scripts/${command}.ts`, '/tmp/never-written.db'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal' },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(tool);
  });
});
