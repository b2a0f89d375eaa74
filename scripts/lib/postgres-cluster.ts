/**
 * A throwaway PostgreSQL cluster for a test file or a bench: initdb in a temporary folder, listening on a
 * free port on 127.0.0.1 only, stopped and removed by stop(). initdb refuses to run as root (CI
 * runs as root), so there it runs as Debian's `postgres` system user, in a folder that user owns.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEBIAN_POSTGRES_BIN } from '../../src/server/store/postgres-backup.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

const POSTGRES_BIN = process.env['POSTGRES_BIN'] ?? DEBIAN_POSTGRES_BIN;

/** `log`: the server's log file (what auto_explain writes, for the query-plan tests) */
export type PostgresCluster = { url: string; log: string; stop(): Promise<void> };

/**
 * `settings`: more server settings (`name=value`), for a cluster whose databases come and go by the
 * dozen (the test run's: tests/fixtures/postgres-run.ts).
 */
export async function startPostgresCluster(settings: readonly string[] = []): Promise<PostgresCluster> {
  if (!existsSync(join(POSTGRES_BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 is not installed (no ${POSTGRES_BIN}/initdb): apt-get install postgresql-15`);
  const asRoot = process.getuid?.() === 0;
  // the postgres user must reach the folder: /tmp, not a TMPDIR under root's home
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'portal-pg-'));
  // run from the cluster's folder: the postgres user may not be allowed into the checkout (under /root in CI)
  const asOwner = async (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, command), ...args], { cwd: dir })
      : run(join(POSTGRES_BIN, command), args, { cwd: dir });
  if (asRoot) {
    const [uid, gid] = await Promise.all(
      ['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout)),
    );
    chownSync(dir, uid ?? 0, gid ?? 0);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    await asOwner('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      ...settings.map((setting) => `-c ${setting}`),
    ];
    await asOwner('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options.join(' '), 'start']);
  } catch (error) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: join(dir, 'log'),
    stop: async () => {
      try {
        await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
