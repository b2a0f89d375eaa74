/**
 * npm run seed as an operator runs it, piped as a log sees it (the progress module's own rules are in
 * tests/unit/progress.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm run seed', () => {
  it('npm run seed, piped: plain progress lines on stderr, the summary of what it wrote on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'progress-seed-'));
    try {
      const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
        execFile(
          'npm',
          ['run', '--silent', 'seed', '--', '--articles', '120'],
          { env: { ...process.env, DATABASE_PATH: join(dir, 'p.db') }, encoding: 'utf8' },
          (error, out, err) => (error ? reject(error) : resolve({ stdout: out, stderr: err })),
        ),
      );
      const lines = stderr.trim().split('\n');
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.at(-1)).toMatch(/: (\d+)\/\1 items \(/);
      expect(stdout).toMatch(/^seeded .*p\.db in [\d.]+ s/);
      expect(stdout).toMatch(/articles\s+120/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
