/**
 * Which sites a build takes: every active site by default; SITES names each once; a closed
 * (expired or forbidden) or unknown site is refused with a reason, by the build and the rebuild.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuilder } from '../../src/server/build/site-builder.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';
import { demoSiteBuilder } from '../fixtures/demo-site-builder.ts';

let demo: Awaited<ReturnType<typeof createDemoDb>>;
let sitesDir: string;
let builder: SiteBuilder;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 10 });
  sitesDir = mkdtempSync(join(tmpdir(), 'sites-to-build-'));
  builder = demoSiteBuilder(demo, sitesDir);
});
afterAll(async () => {
  await builder?.close();
  demo?.cleanup();
  rmSync(sitesDir, { recursive: true, force: true });
});

describe('sites to build', () => {
  it('takes every active site by default, and each named site once', async () => {
    const all = (await builder.sitesToBuild()).map((site) => site.sld);
    expect(all).toContain('jmst');
    expect(all).not.toContain('lapsed');
    expect((await builder.sitesToBuild(['jmst', 'cpg', 'jmst'])).map((site) => site.sld)).toEqual(['jmst', 'cpg']);
  });

  it('refuses closed and unknown sites, saying why', async () => {
    await expect(builder.sitesToBuild(['lapsed'])).rejects.toThrow(
      'Site lapsed is closed (expired); closed sites are not built.',
    );
    await expect(builder.sitesToBuild(['nosuch'])).rejects.toThrow('Site nosuch was not found.');
    expect(await builder.rebuild.request('lapsed')).toEqual({
      ok: false,
      error: 'Site lapsed is closed (expired); closed sites are not built.',
    });
  });
});
