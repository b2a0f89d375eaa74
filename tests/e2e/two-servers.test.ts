/**
 * Debian's nginx in front of two Node servers sharing one PostgreSQL database and one SITES_DIR, the
 * second started with BUILDER=off: a menu edit made through the second shows on the first's
 * on-demand pages and is rendered into the prebuilt site by the first alone; one server killed
 * with SIGKILL in the middle of a stream of GET requests costs no request (nginx asks the other).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../src/server/build/nginx-config.ts';
import { freePort } from '../fixtures/free-port.ts';
import { NGINX, startNginx } from '../fixtures/nginx-process.ts';
import type { PostgresCluster } from '../fixtures/postgres-cluster.ts';
import { startPostgresDemo } from '../fixtures/postgres-demo.ts';
import { requestVia } from './harness.ts';
import {
  adminHeaders,
  answers,
  type PortalProcess,
  renameShownMenuItem,
  startPortalProcess,
  stopPortalProcess,
  until,
} from './portal-processes.ts';

const admin = adminHeaders;

let postgres: PostgresCluster | undefined;
let sitesDir = '';
let prefix = '';
let nginx: ChildProcess | null = null;
let nginxPort = 0;
let builder: PortalProcess;
let second: PortalProcess;

// the servers read and write PostgreSQL only: the SQLite path they are given is never opened
const startNode = (env: Record<string, string>) =>
  startPortalProcess({
    databasePath: join(sitesDir, 'unused.db'),
    sitesDir,
    env: { DATABASE_URL: postgres?.url ?? '', ...env },
  });
const stopNode = stopPortalProcess;

const viaNginx = (path: string) => requestVia(nginxPort, 'jmst.localhost', path);
const errorLog = () => (existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '');

beforeAll(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), 'two-servers-sites-'));
  postgres = await startPostgresDemo({ articles: 60 });
  builder = await startNode({});
  second = await startNode({ BUILDER: 'off' });
  const built = await requestVia(builder.port, 'jmst.localhost', '/_admin/rebuild?wait=1', {
    method: 'POST',
    headers: admin,
    body: '{"site":"jmst"}',
  });
  expect(built.status, built.body).toBe(200);

  nginxPort = await freePort();
  prefix = mkdtempSync(join(tmpdir(), 'nginx-two-'));
  nginx = startNginx(
    prefix,
    nginxConfig({
      listen: `127.0.0.1:${nginxPort}`,
      upstreams: [`127.0.0.1:${builder.port}`, `127.0.0.1:${second.port}`],
      sitesDir,
      clientDir: resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist', 'client'),
      sites: [{ sld: 'jmst', hosts: ['jmst.localhost'] }],
    }),
  );
  await until(() => answers(nginxPort, '/robots.txt'), `nginx to listen: ${errorLog()}`, 10_000);
}, 240_000);

afterAll(async () => {
  if (nginx?.pid) nginx.kill('SIGTERM');
  await Promise.all([stopNode(builder), stopNode(second)]);
  await postgres?.stop();
  for (const dir of [sitesDir, prefix]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(NGINX))('two Node servers behind nginx', () => {
  it('the server with BUILDER=off refuses a rebuild, saying which server builds, in the caller’s language', async () => {
    const ask = (lang: string) =>
      requestVia(second.port, 'jmst.localhost', '/_admin/rebuild', {
        method: 'POST',
        headers: { ...admin, language: lang },
        body: '{"site":"jmst"}',
      });
    const en = await ask('en');
    expect(en.status).toBe(409);
    expect(JSON.parse(en.body)).toEqual({ error: expect.stringContaining('This server does not build sites') });
    const zh = await ask('zh');
    expect(zh.status).toBe(409);
    expect((JSON.parse(zh.body) as { error: string }).error).toContain('此服务器不生成网站');
    const state = JSON.parse(
      (await requestVia(second.port, 'jmst.localhost', '/_admin/rebuild/jmst', { headers: admin })).body,
    ) as {
      state: string;
    };
    expect(state.state).toBe('off');
  });

  it('with HTTP workers too, every process of a BUILDER=off server refuses a rebuild', async () => {
    const workers = await startNode({ BUILDER: 'off', WORKERS: '2' });
    try {
      // fresh connections land on both workers
      for (let i = 0; i < 6; i++) {
        const asked = await requestVia(workers.port, 'jmst.localhost', '/_admin/rebuild', {
          method: 'POST',
          headers: { ...admin, language: 'en' },
          body: '{"site":"jmst"}',
        });
        expect(asked.status, asked.body).toBe(409);
      }
    } finally {
      await stopNode(workers);
    }
  });

  it('a menu edit made through one server shows on the other’s on-demand pages and reaches the prebuilt pages', async () => {
    const enName = `Both ${Date.now().toString(36)}`;
    await renameShownMenuItem(second.port, (await viaNginx('/en/home/')).body, enName);
    const onDemand = await requestVia(builder.port, 'jmst.localhost', '/en/home/?page=2');
    expect(onDemand.headers['x-rendered']).toBe('on-demand');
    expect(onDemand.body).toContain(`>${enName}<`);
    // the builder follows the shared change log: the page nginx serves gets the new name
    await until(async () => (await viaNginx('/en/home/')).body.includes(`>${enName}<`), 'the prebuilt page', 60_000);
    const history = JSON.parse(
      (await requestVia(builder.port, 'jmst.localhost', '/_admin/rebuild/jmst', { headers: admin })).body,
    ) as { pass: { finished: { changes: number } } };
    expect(history.pass.finished.changes).toBeGreaterThan(0);
    // the other one rendered none of it, nor is it rendering: one writer of the site's folder
    const other = JSON.parse(
      (await requestVia(second.port, 'jmst.localhost', '/_admin/rebuild/jmst', { headers: admin })).body,
    ) as { pass: { running: unknown; finished: { full: number; changes: number } } };
    expect(other.pass.running).toBeNull();
    expect(other.pass.finished).toEqual({ full: 0, changes: 0 });
    // what they shared was PostgreSQL: neither opened a SQLite file
    expect(existsSync(join(sitesDir, 'unused.db'))).toBe(false);
  }, 90_000);

  it('a server killed with SIGKILL in the middle of a stream of GET requests costs no request', async () => {
    const sitemap = readFileSync(join(sitesDir, 'jmst', 'sitemap.txt'), 'utf8');
    const article = /https?:\/\/[^/\s]+\/en\/article\/(\d+)\//.exec(sitemap)?.[1];
    if (!article) throw new Error('a prebuilt article');
    const paths = [
      '/zh/home/',
      `/en/article/${article}/`,
      '/en/home/?page=2',
      `/zh/article/${article}/?from=list`,
      `/rc-pub/front/front-article/${article}?siteId=1`,
    ];
    const failed: string[] = [];
    let served = 0;
    let stop = false;
    const visitors = Array.from({ length: 3 }, async (_, visitor) => {
      for (let i = visitor; !stop; i++) {
        const path = paths[i % paths.length] ?? '/zh/home/';
        const response = await viaNginx(path).catch((error: unknown) => ({ status: 0, body: String(error) }));
        if (response.status === 200) served++;
        else failed.push(`${path}: ${response.status} ${response.body.slice(0, 200)}`);
      }
    });
    await until(() => served >= 30, 'requests before the kill');
    const exited = new Promise((r) => second.child.once('exit', r));
    second.child.kill('SIGKILL');
    await exited;
    const atKill = served;
    // nginx has tried the dead server and gone on to the survivor
    await until(
      () => errorLog().includes(`127.0.0.1:${second.port}`) && served >= atKill + 60,
      'requests after the kill',
    );
    stop = true;
    await Promise.all(visitors);
    expect(failed).toEqual([]);
    expect(served).toBeGreaterThanOrEqual(atKill + 60);
  }, 90_000);
});
