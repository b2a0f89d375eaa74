/**
 * Editors' path end to end: a prebuilt page and its on-demand twin are the same HTML, served with
 * the same type and cache policy; renaming a
 * menu item through the admin API and rebuilding puts the new name on the live home page, while
 * visitors requesting pages meanwhile never see a failure.
 */
import { readFileSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TTL_MS } from '../../src/server/static/prebuilt-cache.ts';
import { type Portal, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

let portal: Portal;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };

beforeAll(async () => {
  portal = await startPortal({ articles: 200, prebuild: ['jmst'] });
});
afterAll(() => portal?.close());

function prebuiltUrls(): string[] {
  const sitemap = readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.txt'), 'utf8');
  return sitemap
    .trim()
    .split('\n')
    .map((url) => new URL(url).pathname);
}

describe('prebuilt and on-demand pages', () => {
  it('serves a prebuilt page byte for byte as rendered on demand', async () => {
    const paths = prebuiltUrls();
    const article = paths.find((path) => /^\/zh\/article\/\d+\/$/.test(path));
    const issue = paths.find((path) => /^\/en\/issue\/\d+\/\d+\/$/.test(path));
    const chosen = ['/zh/home/', '/en/home/', article, issue].filter((path): path is string => path !== undefined);
    expect(chosen.length).toBeGreaterThanOrEqual(3);
    // A crawler's User-Agent: no page view is counted, so visit counts in the footer cannot differ.
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; equality-bot)' };
    const prebuilt = new Map<string, string>();
    const servedAs = (headers: Record<string, string | string[] | undefined>) => [
      headers['content-type'],
      headers['cache-control'],
    ];
    const prebuiltHeaders = new Map<string, unknown>();
    for (const path of chosen) {
      const response = await portal.request('jmst', path, { headers: crawler });
      expect(response.status, path).toBe(200);
      expect(response.headers['x-rendered'], path).toBeUndefined();
      expect(response.body).toBe(readFileSync(join(portal.sitesDir, 'jmst', path, 'index.html'), 'utf8'));
      prebuilt.set(path, response.body);
      prebuiltHeaders.set(path, servedAs(response.headers));
    }
    // A build renders the menus once per current item and reuses them: each page still marks its own.
    expect(prebuilt.get('/zh/home/')).toMatch(/<a href="\/zh\/home\/" aria-current="page">/);
    if (article) expect(prebuilt.get(article)).not.toMatch(/<a href="\/zh\/home\/" aria-current/);
    // Islands' HTML is remembered between pages: each page still numbers its own islands 0…n−1 and
    // shows its own props (the language switch links to this page in the other language).
    for (const [path, html] of prebuilt) {
      const ids = [...html.matchAll(/<astro-island [^>]*prefix="r(\d+)"/g)]
        .map((match) => Number(match[1]))
        .sort((a, b) => a - b);
      expect(ids.length, path).toBeGreaterThan(3);
      expect(ids, path).toEqual(ids.map((_, index) => index));
      const other = path.replace(/^\/(zh|en)\//, (_, lang: string) => `/${lang === 'zh' ? 'en' : 'zh'}/`);
      expect(html, path).toMatch(
        new RegExp(`<astro-island [^>]*component-url="[^"]*LanguageToggle[^>]*>\\s*<a [^>]*href="${other}"`),
      );
    }
    // Unlink the site's build (as if it were never prebuilt): the same URLs now render on demand.
    const link = join(portal.sitesDir, 'jmst');
    const target = readlinkSync(link);
    unlinkSync(link);
    // the server looks the link up again within a second (an unlink is not one of its own swaps)
    try {
      await expect
        .poll(
          async () =>
            (await portal.request('jmst', chosen[0] ?? '/zh/home/', { headers: crawler })).headers['x-rendered'],
          { timeout: LINK_TTL_MS + 30_000 },
        )
        .toBe('on-demand');
      for (const path of chosen) {
        const onDemand = await portal.request('jmst', path, { headers: crawler });
        expect(onDemand.status, path).toBe(200);
        expect(onDemand.headers['x-rendered'], path).toBe('on-demand');
        expect(onDemand.body, path).toBe(prebuilt.get(path));
        expect(servedAs(onDemand.headers), path).toEqual(prebuiltHeaders.get(path));
      }
    } finally {
      symlinkSync(target, link);
    }
  });
});

describe('menu change → rebuild → live', () => {
  it('shows the renamed menu item on the live home page, with no failed request meanwhile', async () => {
    const listed = await portal.request('jmst', '/_admin/sites/jmst/channels', { headers: admin });
    expect(listed.status).toBe(200);
    const { channels } = JSON.parse(listed.body) as {
      channels: { id: number; parentId: number; code: string; name: string | null; enable: string }[];
    };
    const before = (await portal.request('jmst', '/zh/home/')).body;
    const target = channels.find(
      (channel) =>
        channel.enable === '1' &&
        channel.parentId === 0 &&
        channel.code !== 'index' &&
        channel.name !== null &&
        channel.name.length >= 2 &&
        before.includes(`>${channel.name}<`),
    );
    expect(target, 'a top-level menu item shown on the home page').toBeDefined();
    if (!target?.name) return;
    const oldName = target.name;
    const newName = `编辑部改名${Date.now().toString(36)}`;

    const paths = [
      '/zh/home/',
      '/en/home/',
      ...prebuiltUrls()
        .filter((path) => path.includes('/article/'))
        .slice(0, 3),
    ];
    const failures: string[] = [];
    let requests = 0;
    let stop = false;
    const visitors = Array.from({ length: 4 }, async (_, worker) => {
      for (let i = worker; !stop; i++) {
        const path = paths[i % paths.length] ?? '/zh/home/';
        const response = await portal
          .request('jmst', path, { headers: { 'accept-encoding': i % 2 ? 'gzip' : 'identity' } })
          .catch((error: unknown) => ({
            status: 0,
            body: String(error),
            headers: {},
          }));
        requests++;
        const complete = response.status === 200 && (i % 2 === 1 || response.body.trimEnd().endsWith('</html>'));
        if (!complete) failures.push(`${path}: ${response.status}`);
      }
    });

    const renamed = await portal.request('jmst', `/_admin/sites/jmst/channels/${target.id}?rebuild=1&wait=1`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ name: newName }),
    });
    stop = true;
    await Promise.all(visitors);
    expect(renamed.status, renamed.body).toBe(200);
    expect(JSON.parse(renamed.body).rebuild.ok).toBe(true);

    const after = await portal.request('jmst', '/zh/home/');
    expect(after.status).toBe(200);
    expect(after.headers['x-rendered']).toBeUndefined();
    expect(after.body).toContain(newName);
    expect(after.body).not.toContain(`>${oldName}<`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
  });

  it('refuses the rebuild endpoint without the token and keeps serving', async () => {
    const refused = await portal.request('jmst', '/_admin/rebuild', {
      method: 'POST',
      body: JSON.stringify({ site: 'jmst' }),
    });
    expect(refused.status).toBe(401);
    expect((await portal.request('jmst', '/zh/home/')).status).toBe(200);
  });
});
