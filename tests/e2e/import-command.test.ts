/** npm run import as an operator runs it: a bad file's problems on stderr and a non-zero exit, a good file's summary. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

describe('npm run import', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-command-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('the npm script prints the problems and exits non-zero', () => {
    const run = (file: string) => {
      try {
        return {
          code: 0,
          out: execFileSync('npm', ['run', '--silent', 'import', '--', join('tests/fixtures', file)], {
            env: { ...process.env, DATABASE_PATH: join(dir, 'cli.db') },
            encoding: 'utf8',
            stdio: 'pipe',
          }),
        };
      } catch (error) {
        const failure = error as { status: number; stderr: string };
        return { code: failure.status, out: failure.stderr };
      }
    };
    const bad = run('import-bad-title.json');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('record articles[1]: field title: Required');
    const good = run('import-good.json');
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/articles\s+2/);
  });
});
