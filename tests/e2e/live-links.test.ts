/**
 * A change of an article reaches the prebuilt pages of OTHER sites that list it: a group site's
 * article pages list its member journals' articles in their relation lists (through the site jump),
 * and a title correction of one of them, on its own site, re-renders exactly those pages of the group.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageKind } from '../../src/server/build/page-dependencies.ts';
import type { PassStatus } from '../../src/server/build/pass-status.ts';
import { importContent } from '../../src/server/import/index.ts';
import { changeOrigin } from '../../src/server/store/changes.ts';
import { type Portal, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

const GROUP = 'cpg';
let portal: Portal;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}` };

beforeAll(async () => {
  portal = await startPortal({ articles: 60, prebuild: [GROUP] });
}, 300_000);
afterAll(async () => {
  await portal?.close();
});

async function passStatus(): Promise<PassStatus> {
  const response = await portal.request(GROUP, `/_admin/rebuild/${GROUP}`, { headers: admin });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as { pass: PassStatus }).pass;
}

const liveFile = (path: string) => readFileSync(join(portal.sitesDir, GROUP, path, 'index.html'), 'utf8');

it("a title correction of a member journal's article re-renders the group site's pages that list it, and only those", async () => {
  const paths = readFileSync(join(portal.sitesDir, GROUP, 'sitemap.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((url) => new URL(url).pathname);
  // the articles of other sites the group's pages link, and which pages link each
  const listedOn = new Map<string, Set<string>>();
  for (const path of paths)
    for (const match of liveFile(path).matchAll(/href="\/_site\/([^/"]+)\/(?:zh|en)\/article\/(\d+)\//g)) {
      const key = `${match[1]}:${match[2]}`;
      listedOn.set(key, (listedOn.get(key) ?? new Set()).add(path));
    }
  const [key, pages] = [...listedOn].find(([, on]) => [...on].some((path) => path.startsWith('/zh/article/'))) ?? [];
  if (!key || !pages) throw new Error("a group page listing a member journal's article");
  const [sld = '', idText = ''] = key.split(':');
  const id = Number(idText);
  const title = String(portal.db.prepare('SELECT title FROM articles WHERE id = ?').get(id)?.['title']);
  // the same words and one more: the article stays in the lists that hold it by its title's terms
  const corrected = `${title}（更正${Date.now().toString(36)}）`;
  const since = (await passStatus()).last?.finishedAt;

  await importContent(
    portal.db,
    { site: { sld }, articles: [{ id, title: corrected }] },
    new Date().toISOString(),
    null,
    'test',
    changeOrigin('test'),
  );
  const deadline = Date.now() + 120_000;
  let pass = (await passStatus()).last;
  while (pass?.finishedAt === since || (await passStatus()).running !== null) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a pass of the group site');
    await new Promise((resolve) => setTimeout(resolve, 100));
    pass = (await passStatus()).last;
  }
  expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
  const expected: Record<string, number> = {};
  for (const path of pages) {
    const kind = pageKind(path.replace(/^\/[^/]+\//, ''));
    expected[kind] = (expected[kind] ?? 0) + 1;
  }
  expect(pass?.pages).toEqual(expected);
  let showing = 0;
  for (const path of [...pages].filter((p) => p.startsWith('/zh/'))) {
    const page = await portal.request(GROUP, path);
    expect(page.headers['x-rendered'], `${path} served prebuilt`).toBeUndefined();
    if (page.body.includes(`/article/${id}/`)) {
      expect(page.body, path).toContain(corrected);
      showing++;
    }
  }
  expect(showing).toBeGreaterThan(0);
}, 300_000);
