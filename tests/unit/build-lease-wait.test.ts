/**
 * A builder whose site another process renders (src/server/build/site-leases.ts): its build waits
 * for the lease rather than rendering beside it, and gives the wait up when the builder stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPING } from '../../src/server/build/rebuild-queue.ts';
import { takeRenderLease } from '../../src/server/store/render-leases.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { demoSiteBuilder } from '../fixtures/demo-site-builder.ts';

let demo: DemoDb;
let sitesDir: string;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 10 });
  sitesDir = mkdtempSync(join(tmpdir(), 'lease-wait-'));
});
afterAll(async () => {
  await demo?.cleanup();
  rmSync(sitesDir, { recursive: true, force: true });
});

describe('a build of a site another process renders', () => {
  it('waits for the lease, renders nothing meanwhile, and gives up when the builder stops', async () => {
    // another machine's server: its process cannot be seen from here, so only its lease's end frees the site
    const held = await takeRenderLease(demo.db, {
      sld: 'jmst',
      owner: 'elsewhere pid 1',
      now: new Date(),
      ms: 600_000,
      wholeSite: false,
    });
    expect(held).not.toBeNull();
    const lines: string[] = [];
    const builder = demoSiteBuilder(demo, sitesDir, { renderLeaseMs: 600, log: (line) => lines.push(line) });
    const outcome = builder.rebuild.request('jmst');
    while (!lines.some((line) => line.includes('render of jmst waits'))) await new Promise((r) => setTimeout(r, 20));
    expect(builder.rebuild.state('jmst')).toBe('running');
    expect(builder.passStatus('jmst').running).toBeNull();
    await builder.close();
    expect(await outcome).toEqual({ ok: false, error: STOPPING });
    expect(builder.passStatus('jmst').finished).toEqual({ full: 0, changes: 0 });
  });
});
