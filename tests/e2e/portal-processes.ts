/**
 * Portal servers as separate processes (`src/server/main.ts`) on one database and one SITES_DIR,
 * for the tests of several servers: started on a free port once they answer, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../fixtures/free-port.ts';
import { requestVia, TEST_REBUILD_TOKEN } from './harness.ts';

/** output(): what the server has printed so far (its log of passes) */
export type PortalProcess = { port: number; child: ChildProcess; output(): string };

export const adminHeaders = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const answers = (port: number, path: string): Promise<boolean> =>
  requestVia(port, 'jmst.localhost', path).then(
    (r) => r.status === 200,
    () => false,
  );

export async function startPortalProcess(shared: {
  databasePath: string;
  sitesDir: string;
  env?: Record<string, string>;
}): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      WORKERS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: shared.databasePath,
      SITES_DIR: shared.sitesDir,
      ASTRO_OUT_DIR: resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist'),
      REBUILD_TOKEN: TEST_REBUILD_TOKEN,
      TRUSTED_PROXIES: '127.0.0.1',
      ...shared.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    printed += text;
  });
  await until(() => answers(port, '/robots.txt'), `the server on ${port} to listen`);
  return { port, child, output: () => printed };
}

export async function stopPortalProcess(node: PortalProcess | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await exited;
}

/** Renames (its English name) a top-level menu item of jmst that `homeHtml` shows, through the admin API on `port`. */
export async function renameShownMenuItem(port: number, homeHtml: string, enName: string): Promise<void> {
  const listed = JSON.parse(
    (await requestVia(port, 'jmst.localhost', '/_admin/sites/jmst/channels', { headers: adminHeaders })).body,
  ) as { channels: { id: number; parentId: number; code: string; enable: string; enName: string | null }[] };
  const channel = listed.channels.find(
    (c) => c.enable === '1' && c.parentId === 0 && c.code !== 'index' && c.enName && homeHtml.includes(`>${c.enName}<`),
  );
  if (!channel) throw new Error('a top-level menu item on the home page');
  const patched = await requestVia(port, 'jmst.localhost', `/_admin/sites/jmst/channels/${channel.id}`, {
    method: 'PATCH',
    headers: adminHeaders,
    body: JSON.stringify({ enName }),
  });
  if (patched.status !== 200) throw new Error(`the rename answered ${patched.status}: ${patched.body}`);
}
