/**
 * WORKERS=2: the real server as a primary with two HTTP workers sharing the port. A menu change
 * asked of whichever worker answers is rebuilt once by the primary, every worker serves the new
 * build, no request fails meanwhile, and a worker that dies is replaced.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { freePort } from '../fixtures/free-port.ts';
import { requestVia, TEST_REBUILD_TOKEN } from './harness.ts';

let demo: DemoDb;
let sitesDir: string;
let server: ChildProcess;
let port = 0;
const host = () => `jmst.localhost:${port}`;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };
const crawler = { 'user-agent': 'cluster-test-bot' };

const workerPids = () => {
  try {
    return execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
};
const until = async (check: () => Promise<boolean> | boolean, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  demo = await createDemoDb({ articles: 150 });
  sitesDir = mkdtempSync(join(tmpdir(), 'cluster-sites-'));
  port = await freePort();
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: demo.path,
      SITES_DIR: sitesDir,
      ASTRO_OUT_DIR: resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist'),
      REBUILD_TOKEN: TEST_REBUILD_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(
    () =>
      requestVia(port, host(), '/zh/home/').then(
        (r) => r.status === 200,
        () => false,
      ),
    'the workers to listen',
  );
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await demo?.cleanup();
  if (sitesDir) rmSync(sitesDir, { recursive: true, force: true });
});

describe('a primary with HTTP workers', () => {
  it('runs two workers and renders on demand before any build', async () => {
    expect(workerPids()).toHaveLength(2);
    const home = await requestVia(port, host(), '/zh/home/', { headers: crawler });
    expect(home.headers['x-rendered']).toBe('on-demand');
  });

  it('rebuilds a changed menu once in the primary; every worker serves it and no request fails', async () => {
    const listed = await requestVia(port, host(), '/_admin/sites/jmst/channels', { headers: admin });
    const channels = (
      JSON.parse(listed.body) as {
        channels: { id: number; parentId: number; code: string; enable: string; name: string }[];
      }
    ).channels;
    const channel = channels.find((c) => c.parentId === 0 && c.enable === '1' && c.code !== 'index');
    if (!channel) throw new Error('no menu item to rename');
    const name = `集群${Date.now().toString(36)}`;

    let failures = 0;
    let served = 0;
    let stop = false;
    const visitors = Array.from({ length: 3 }, async () => {
      while (!stop) {
        const page = await requestVia(port, host(), '/zh/home/', { headers: crawler }).catch(() => null);
        if (page?.status === 200) served++;
        else failures++;
      }
    });
    const patched = await requestVia(port, host(), `/_admin/sites/jmst/channels/${channel.id}?rebuild=1`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ name }),
    });
    expect(patched.status).toBe(200);
    // the state is answered by whichever worker takes the request: each mirrors the primary's queue
    await until(async () => {
      const state = JSON.parse((await requestVia(port, host(), '/_admin/rebuild/jmst', { headers: admin })).body) as {
        state: string;
        last: { ok: boolean } | null;
      };
      return state.state === 'idle' && state.last?.ok === true;
    }, 'the rebuild');
    // many fresh connections land on both workers: every one serves the prebuilt page with the new name
    for (let i = 0; i < 12; i++) {
      const home = await requestVia(port, host(), '/zh/home/', { headers: crawler });
      expect(home.headers['x-rendered']).toBeUndefined();
      expect(home.body).toContain(name);
      expect(home.body).not.toContain(`>${channel.name}<`);
    }
    stop = true;
    await Promise.all(visitors);
    expect(failures).toBe(0);
    expect(served).toBeGreaterThan(0);
  }, 120_000);

  it('replaces a worker that dies', async () => {
    const [victim] = workerPids();
    if (!victim) throw new Error('no worker');
    process.kill(Number(victim), 'SIGKILL');
    // (a connection handed to the worker in the instant it died is lost with it, as with any crash)
    await until(
      () => {
        const pids = workerPids();
        return pids.length === 2 && !pids.includes(victim);
      },
      'a new worker',
      30_000,
    );
    await until(
      () =>
        requestVia(port, host(), '/zh/home/').then(
          (r) => r.status === 200,
          () => false,
        ),
      'the new worker to listen',
      30_000,
    );
    for (let i = 0; i < 6; i++)
      expect((await requestVia(port, host(), '/zh/home/', { headers: crawler })).status).toBe(200);
  }, 90_000);
});
