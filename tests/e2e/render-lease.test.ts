/**
 * Two portal servers, both with the builder on, sharing one SQLite database and one SITES_DIR:
 * a site is rendered by one of them at a time (its render lease, src/server/store/render-leases.ts).
 * One killed with SIGKILL in the middle of building a site: the other, never asked, builds the
 * site (at once: the dead owner's process is gone from this machine; a lease of another machine's
 * owner runs out first, tests/api/store-contract.test.ts). A change both servers follow is
 * rendered by one of them only. A change made while no builder runs is rendered by the next one
 * that starts.
 */
import { existsSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { renderLeaseRow } from '../fixtures/render-lease-row.ts';
import { requestVia } from './harness.ts';
import {
  adminHeaders,
  type PortalProcess,
  renameShownMenuItem,
  startPortalProcess,
  stopPortalProcess,
  until,
} from './portal-processes.ts';

type PassAnswer = {
  state: string;
  last: { ok: boolean } | null;
  pass: { running: { kind: string; done: number } | null; finished: { full: number; changes: number } };
};

const LEASE_SECONDS = '3';

let demo: DemoDb;
let sitesDir = '';
const servers: PortalProcess[] = [];

const start = async (env: Record<string, string> = {}) => {
  const server = await startPortalProcess({
    databasePath: demo.path,
    sitesDir,
    env: { RENDER_LEASE_SECONDS: LEASE_SECONDS, ...env },
  });
  servers.push(server);
  return server;
};
const passOf = async (server: PortalProcess) =>
  JSON.parse(
    (await requestVia(server.port, 'jmst.localhost', '/_admin/rebuild/jmst', { headers: adminHeaders })).body,
  ) as PassAnswer;
const rebuild = (server: PortalProcess, wait: boolean) =>
  requestVia(server.port, 'jmst.localhost', `/_admin/rebuild${wait ? '?wait=1' : ''}`, {
    method: 'POST',
    headers: adminHeaders,
    body: '{"site":"jmst"}',
  });
const liveVersion = () => readlinkSync(join(sitesDir, 'jmst'));

beforeAll(async () => {
  demo = await createDemoDb({ articles: 20 });
  sitesDir = mkdtempSync(join(tmpdir(), 'render-lease-sites-'));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(stopPortalProcess));
  await demo?.cleanup();
  if (sitesDir) rmSync(sitesDir, { recursive: true, force: true });
});

describe('two servers with the builder on', () => {
  it('a server killed mid-build leaves the site to the other, which builds it; never both at once', async () => {
    const [first, second] = await Promise.all([start(), start()]);
    if (!first || !second) throw new Error('two servers');
    expect((await rebuild(first, false)).status).toBe(202);
    await until(async () => ((await passOf(first)).pass.running?.done ?? 0) > 0, 'the first server to render pages');
    const lease = await renderLeaseRow(demo.db, 'jmst');
    expect(lease).toMatchObject({ owner: expect.stringContaining(`pid ${first.child.pid}`), wholeSite: true });
    // the other server renders nothing of the site meanwhile
    expect((await passOf(second)).pass).toMatchObject({ running: null, finished: { full: 0, changes: 0 } });

    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    expect(existsSync(join(sitesDir, 'jmst'))).toBe(false);

    // never asked to build: it finds the build unfinished and its owner gone
    await until(
      async () => (await passOf(second)).pass.finished.full === 1,
      'the second server to build the site',
      120_000,
    );
    const done = await passOf(second);
    expect(done.pass.running).toBeNull();
    expect(existsSync(join(sitesDir, 'jmst', 'sitemap.txt'))).toBe(true);
    expect(await renderLeaseRow(demo.db, 'jmst')).toMatchObject({ owner: null, wholeSite: false });
    const page = await requestVia(second.port, 'jmst.localhost', '/en/home/');
    expect(page.status).toBe(200);
    expect(page.headers['x-rendered']).toBeUndefined();
  }, 240_000);

  it('a change both servers follow is rendered into the site by one of them only', async () => {
    const [survivor] = servers.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
    if (!survivor) throw new Error('the server left from the first test');
    const other = await start();
    const version = liveVersion();
    const enName = `Leased ${Date.now().toString(36)}`;
    await renameShownMenuItem(
      other.port,
      (await requestVia(survivor.port, 'jmst.localhost', '/en/home/')).body,
      enName,
    );
    await until(
      async () => (await requestVia(other.port, 'jmst.localhost', '/en/home/')).body.includes(`>${enName}<`),
      'the prebuilt page with the new name',
    );
    expect(liveVersion()).not.toBe(version);
    // the other server read the same change, waited for the lease, and left the site as it was
    const skipped = /live update jmst: rendered through change \d+ already, by another server/;
    const rendered = /live update jmst: \d+ page\(s\) rendered/;
    await until(() => [survivor, other].some((server) => skipped.test(server.output())), 'a pass skipped');
    const [renderer, skipper] = skipped.test(other.output()) ? [survivor, other] : [other, survivor];
    expect(renderer.output()).toMatch(rendered);
    expect(skipper.output()).not.toMatch(rendered);
    expect((await passOf(skipper)).pass.finished.changes).toBe(0);
  }, 120_000);

  it('a change made while no builder runs is in the prebuilt pages once a builder starts', async () => {
    await Promise.all(servers.map(stopPortalProcess));
    const off = await start({ BUILDER: 'off' });
    const version = liveVersion();
    const enName = `Unattended ${Date.now().toString(36)}`;
    await renameShownMenuItem(off.port, (await requestVia(off.port, 'jmst.localhost', '/en/home/')).body, enName);
    // the on-demand pages show it at once; the prebuilt site lags behind: nobody renders it
    expect((await requestVia(off.port, 'jmst.localhost', '/en/home/?page=2')).body).toContain(`>${enName}<`);
    const stale = await requestVia(off.port, 'jmst.localhost', '/en/home/');
    expect(stale.headers['x-rendered']).toBeUndefined();
    expect(stale.body).not.toContain(`>${enName}<`);
    expect(liveVersion()).toBe(version);

    const builder = await start();
    await until(
      async () => (await requestVia(builder.port, 'jmst.localhost', '/en/home/')).body.includes(`>${enName}<`),
      'the prebuilt page with the new name',
    );
    expect(liveVersion()).not.toBe(version);
    expect(builder.output()).toMatch(/replaying the change log after change \d+/);
    expect(builder.output()).toMatch(/live update jmst: \d+ page\(s\) rendered/);
    await stopPortalProcess(off);
  }, 120_000);
});
