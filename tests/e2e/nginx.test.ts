/**
 * The generated nginx block in front of the real server: Debian's nginx serves a prebuilt page
 * from disk and hands a page that is not prebuilt (and legacy URLs) to Node; a page served from
 * disk still counts its visit (the footer's beacon goes through nginx to Node).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../src/server/build/nginx-config.ts';
import { freePort } from '../fixtures/free-port.ts';
import { NGINX, startNginx } from '../fixtures/nginx-process.ts';
import { launchBrowser, type Portal, requestVia, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

describe.skipIf(!existsSync(NGINX))('nginx in front of the portal', () => {
  let portal: Portal;
  let nginx: ChildProcess | null = null;
  let prefix = '';
  let port = 0;
  const get = (path: string, headers: Record<string, string> = {}, host = 'jmst.localhost') =>
    requestVia(port, host, path, { headers });

  beforeAll(async () => {
    portal = await startPortal({ articles: 200, prebuild: ['jmst'] });
    port = await freePort();
    prefix = mkdtempSync(join(tmpdir(), 'nginx-'));
    const block = nginxConfig({
      listen: `127.0.0.1:${port}`,
      upstreams: [`127.0.0.1:${portal.port}`],
      sitesDir: portal.sitesDir,
      clientDir: resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist', 'client'),
      sites: [{ sld: 'jmst', hosts: ['jmst.localhost'] }],
    });
    nginx = startNginx(prefix, block);
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        await get('/robots.txt').then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(
      `nginx did not start: ${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`,
    );
  });

  afterAll(async () => {
    if (nginx?.pid) nginx.kill('SIGTERM');
    await portal?.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it('serves a prebuilt page straight from disk, gzip twin included', async () => {
    const page = await get('/zh/home/');
    expect(page.status).toBe(200);
    expect(page.headers['server']).toMatch(/^nginx/);
    expect(page.headers['x-rendered']).toBeUndefined();
    // nginx sends the page headers Node sends
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.body).toBe(readFileSync(join(portal.sitesDir, 'jmst', 'zh', 'home', 'index.html'), 'utf8'));
    const zipped = await get('/zh/home/', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const revalidated = await get('/zh/home/', { 'if-none-match': String(page.headers['etag']) });
    expect(revalidated.status).toBe(304);
  });

  it('hands a page that is not prebuilt to Node, which renders it on demand', async () => {
    const page = await get('/en/home/?page=2');
    expect(page.status).toBe(200);
    expect(page.headers['x-rendered']).toBe('on-demand');
    expect(page.body).toContain('<html');
  });

  it('lets Node answer legacy URLs and unknown hosts', async () => {
    const legacy = await get('/homeNav/jmst/en/');
    expect(legacy.status).toBe(301);
    expect(legacy.headers['location']).toBe('/en/home/');
    const unknown = await get('/zh/home/', {}, 'nosuch.localhost');
    expect(unknown.status).toBe(404);
  });

  it("a page served from disk counts one visit through the footer's beacon, and a reload the same day none", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stored = () =>
      Number(
        (
          portal.db
            .prepare('SELECT COALESCE(SUM(count), 0) AS n FROM visit_counters WHERE site_id = 1 AND day = ?')
            .get(today) as { n: number }
        ).n,
      );
    const before = stored();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const isBeacon = (response: { url(): string }) => response.url().endsWith('/rc-pub/front/site/visit');
      const beacon = page.waitForResponse(isBeacon);
      const response = await page.goto(`http://jmst.localhost:${port}/zh/home/`);
      expect(response?.headers()['server']).toMatch(/^nginx/);
      expect(response?.headers()['x-rendered']).toBeUndefined();
      expect((await beacon).status()).toBe(200);
      expect(stored()).toBe(before + 1);
      const again = page.waitForResponse(isBeacon);
      await page.reload();
      await again;
      expect(stored()).toBe(before + 1);
    } finally {
      await browser.close();
    }
  });

  it('answers 404 for the twins and the not-found page asked for by name', async () => {
    for (const path of ['/zh/home/index.html.gz', '/zh/home/index.html.br', '/404.html']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toContain('<html');
    }
  });

  it('a menu rename reaches a prebuilt article page served through nginx, without rendering it again', async () => {
    const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };
    const sitemap = readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.txt'), 'utf8');
    const article = /https?:\/\/[^/\s]+(\/en\/article\/\d+\/)/.exec(sitemap)?.[1];
    if (!article) throw new Error('a prebuilt article page');
    const before = (await get(article)).body;
    const listed = JSON.parse(
      (await portal.request('jmst', '/_admin/sites/jmst/channels', { headers: admin })).body,
    ) as {
      channels: { id: number; parentId: number; code: string; enName: string | null; enable: string }[];
    };
    const target = listed.channels.find(
      (c) => c.enable === '1' && c.parentId === 0 && c.code !== 'index' && c.enName && before.includes(`>${c.enName}<`),
    );
    if (!target?.enName) throw new Error('a top-level menu item on the article page');
    const newName = `Renamed ${Date.now().toString(36)}`;
    const renamed = await portal.request('jmst', `/_admin/sites/jmst/channels/${target.id}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ enName: newName }),
    });
    expect(renamed.status, renamed.body).toBe(200);
    const deadline = Date.now() + 240_000;
    let page = await get(article);
    while (!page.body.includes(`>${newName}<`)) {
      if (Date.now() > deadline) throw new Error('the renamed menu item never reached the page through nginx');
      await new Promise((r) => setTimeout(r, 100));
      page = await get(article);
    }
    expect(page.status).toBe(200);
    expect(page.headers['x-rendered']).toBeUndefined();
    expect(page.body).not.toContain(`>${target.enName}<`);
    // the page's file still has the old menu: the shell was put into it when served
    expect(readFileSync(join(portal.sitesDir, 'jmst', article, 'index.html'), 'utf8')).toContain(`>${target.enName}<`);
    const zipped = await get(article, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
  }, 300_000);
});
