/** npm run staff and npm run import as an operator runs them: accounts from the shell, each change audited as the shell. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { listAudit } from '../../src/server/store/audit.ts';
import { openDb } from '../../src/server/store/db.ts';
import { listStaff, staffLogin } from '../../src/server/store/staff.ts';

describe('npm run staff', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'staff-command-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[], input = '') => {
    try {
      const out = execFileSync('npm', ['run', '--silent', ...args], {
        env: { ...process.env, DATABASE_PATH: join(dir, 'cli.db') },
        encoding: 'utf8',
        stdio: 'pipe',
        input,
      });
      return { code: 0, out };
    } catch (error) {
      const failure = error as { status: number; stderr: string };
      return { code: failure.status, out: failure.stderr };
    }
  };

  it('creates an editor with a piped password, grants a site, and the audit log names the shell', async () => {
    expect(run(['import', '--', 'tests/fixtures/import-good.json']).code).toBe(0);
    const db = openDb(join(dir, 'cli.db'));
    try {
      const sld = (db.prepare('SELECT sld FROM sites ORDER BY id LIMIT 1').get() as { sld: string }).sld;
      const added = run(
        ['staff', '--', 'add', '--email', 'Ed@Example.org', '--role', 'editor'],
        'a long password here\n',
      );
      expect(added.code).toBe(0);
      expect(added.out).toContain('created editor ed@example.org');
      expect(added.out).not.toContain('a long password here');
      expect(run(['staff', '--', 'grant', '--email', 'ed@example.org', '--sites', sld]).code).toBe(0);
      expect(
        run(['staff', '--', 'add', '--email', 'x@example.org', '--role', 'owner'], 'a long password here\n').code,
      ).toBe(2);
      expect(run(['staff', '--', 'add', '--email', 'y@example.org', '--role', 'admin'], 'short\n').code).toBe(1);

      const staff = await listStaff(db);
      expect(staff.map((account) => [account.email, account.role, account.sites])).toEqual([
        ['ed@example.org', 'editor', [sld]],
      ]);
      const login = await staffLogin(db, 'ed@example.org');
      expect(login && verifyPassword('a long password here', login.passwordHash)).toBe(true);

      const entries = await listAudit(db, { siteIds: null, actor: 'shell', limit: 10 });
      expect(entries.map((entry) => entry.action)).toEqual(['staff.grant', 'staff.add', 'import']);
      expect(entries[2]).toMatchObject({ site: sld, after: { articles: 2 } });
      expect(entries[0]).toMatchObject({ before: { sites: [] }, after: { sites: [sld] } });
    } finally {
      db.close();
    }
  }, 120_000);
});
