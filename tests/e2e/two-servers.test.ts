/**
 * Debian's nginx in front of two Node servers sharing one PostgreSQL database and one SITES_DIR,
 * both with the builder on: a menu edit made through one shows on the other's on-demand pages and
 * is rendered into the prebuilt site by one of them alone; the server rendering the site, killed
 * with SIGKILL in the middle of that render and of a stream of GET requests, costs no request
 * (nginx asks the other) and the other completes the render unasked. A third server started with
 * BUILDER=off refuses rebuilds.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
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

type PassAnswer = {
  state: string;
  pass: { running: { kind: string; done: number } | null; finished: { full: number; changes: number } };
};
const passOf = async (server: PortalProcess) =>
  JSON.parse(
    (await requestVia(server.port, 'jmst.localhost', '/_admin/rebuild/jmst', { headers: admin })).body,
  ) as PassAnswer;

// the servers read and write PostgreSQL only: the SQLite path they are given is never opened
const startNode = (env: Record<string, string>) =>
  startPortalProcess({
    databasePath: join(sitesDir, 'unused.db'),
    sitesDir,
    // a killed renderer's site passes to the other builder at once (same machine), else within 3 s
    env: { DATABASE_URL: postgres?.url ?? '', RENDER_LEASE_SECONDS: '3', ...env },
  });
const stopNode = stopPortalProcess;

const viaNginx = (path: string) => requestVia(nginxPort, 'jmst.localhost', path);
const errorLog = () => (existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '');

beforeAll(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), 'two-servers-sites-'));
  postgres = await startPostgresDemo({ articles: 20 });
  builder = await startNode({});
  second = await startNode({});
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
  it('a server with BUILDER=off (and every one of its HTTP workers) refuses a rebuild, saying why in the caller’s language', async () => {
    const off = await startNode({ BUILDER: 'off', WORKERS: '2' });
    try {
      const ask = (lang: string) =>
        requestVia(off.port, 'jmst.localhost', '/_admin/rebuild', {
          method: 'POST',
          headers: { ...admin, language: lang },
          body: '{"site":"jmst"}',
        });
      // fresh connections land on both workers
      for (let i = 0; i < 4; i++) {
        const en = await ask('en');
        expect(en.status, en.body).toBe(409);
        expect(JSON.parse(en.body)).toEqual({ error: expect.stringContaining('This server does not build sites') });
      }
      const zh = await ask('zh');
      expect(zh.status).toBe(409);
      expect((JSON.parse(zh.body) as { error: string }).error).toContain('此服务器不生成网站');
      expect((await passOf(off)).state).toBe('off');
    } finally {
      await stopNode(off);
    }
  });

  it('a menu edit made through one server shows on the other’s on-demand pages and reaches the prebuilt pages', async () => {
    const enName = `Both ${Date.now().toString(36)}`;
    await renameShownMenuItem(second.port, (await viaNginx('/en/home/')).body, enName);
    const onDemand = await requestVia(builder.port, 'jmst.localhost', '/en/home/?page=2');
    expect(onDemand.headers['x-rendered']).toBe('on-demand');
    expect(onDemand.body).toContain(`>${enName}<`);
    // both builders follow the shared change log: the page nginx serves gets the new name
    await until(async () => (await viaNginx('/en/home/')).body.includes(`>${enName}<`), 'the prebuilt page', 60_000);
    // rendered by one of them; the other, waiting for the site's lease, found it done
    const passes = await Promise.all([builder, second].map(passOf));
    expect(passes.map((answer) => answer.pass.finished.changes).sort()).toEqual([0, 1]);
    expect(passes.map((answer) => answer.pass.running)).toEqual([null, null]);
    // what they shared was PostgreSQL: neither opened a SQLite file
    expect(existsSync(join(sitesDir, 'unused.db'))).toBe(false);
  }, 90_000);

  it('the server rendering the site, killed with SIGKILL mid-render in a stream of GET requests, costs no request; the other completes the render', async () => {
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
    try {
      await until(() => served >= 30, 'requests before the render');
      const version = readlinkSync(join(sitesDir, 'jmst'));
      const [doomed, survivor] = [builder, second];
      const before = (await passOf(survivor)).pass.finished.full;
      expect(
        (
          await requestVia(doomed.port, 'jmst.localhost', '/_admin/rebuild', {
            method: 'POST',
            headers: admin,
            body: '{"site":"jmst"}',
          })
        ).status,
      ).toBe(202);
      // it holds the site's lease: it renders pages, and the other renders none
      await until(async () => ((await passOf(doomed)).pass.running?.done ?? 0) > 0, 'the render to start');
      expect((await passOf(survivor)).pass.running).toBeNull();
      const exited = new Promise((r) => doomed.child.once('exit', r));
      doomed.child.kill('SIGKILL');
      await exited;
      const atKill = served;
      expect(readlinkSync(join(sitesDir, 'jmst'))).toBe(version);

      // never asked: the survivor finds the render unfinished and its owner gone, and completes it
      await until(
        async () => (await passOf(survivor)).pass.finished.full === before + 1,
        'the survivor to render the site',
        120_000,
      );
      expect(readlinkSync(join(sitesDir, 'jmst'))).not.toBe(version);
      // nginx has tried the dead server and gone on to the survivor
      await until(
        () => errorLog().includes(`127.0.0.1:${doomed.port}`) && served >= atKill + 60,
        'requests after the kill',
      );
    } finally {
      stop = true;
      await Promise.all(visitors);
    }
    expect(failed).toEqual([]);
  }, 180_000);
});
