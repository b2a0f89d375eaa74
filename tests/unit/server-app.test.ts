/**
 * The app's own answers around pages, with a stand-in renderer: the site theme's revalidation,
 * public files asked for with a cache-busting query, a closed site's robots.txt and sitemaps, and
 * the encoding of pages rendered on demand.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalServer } from '../../src/server/app.ts';
import {
  createStandInPortal,
  STAND_IN_FAVICON as FAVICON,
  htmlRenderer,
  type StandInPortal,
} from '../fixtures/stand-in-portal.ts';

const PAGE = `<!DOCTYPE html><html lang="en"><body>${'<p>A page rendered on demand.</p>'.repeat(100)}</body></html>`;

let portal: StandInPortal;
let app: PortalServer;
/** the pages the stand-in renderer was asked for */
const rendered: string[] = [];

beforeAll(async () => {
  portal = await createStandInPortal(
    {},
    htmlRenderer(PAGE, (request) => rendered.push(new URL(request.url).pathname + new URL(request.url).search)),
  );
  app = portal.app;
});
afterAll(async () => {
  await portal?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}, host = 'jmst.localhost:4321') =>
  app.request(path, { headers: { host, ...headers } });

describe('the site theme', () => {
  it('answers 304 to a weak or listed copy of its ETag', async () => {
    const etag = (await get('/_static/theme.css')).headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await get('/_static/theme.css', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/_static/theme.css', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await get('/_static/theme.css', { 'if-none-match': `"older", ${etag}` })).status).toBe(304);
    expect((await get('/_static/theme.css', { 'if-none-match': '"older"' })).status).toBe(200);
  });
});

describe('public files', () => {
  it('are served whatever the query', async () => {
    for (const path of ['/favicon.svg', '/favicon.svg?v=2', '/favicon.svg?utm_source=mail']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(FAVICON);
    }
  });
});

describe('URLs with double slashes', () => {
  it('redirect to the single-slash URL, query kept, never to another host', async () => {
    const cases: [string, string][] = [
      ['/en//article/1/?x=1', '/en/article/1/?x=1'],
      ['//evil.example/x', '/evil.example/x'],
      ['/article//id/1/12/en', '/article/id/1/12/en'],
    ];
    for (const [from, to] of cases) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });
});

describe('a closed site', () => {
  it('answers its notice in the language the URL names, 403, at the URL asked for', async () => {
    for (const path of [
      '/article/id/1/301/en',
      '/homeNav/lapsed/en',
      '/en/home/',
      '/news?lang=en',
      '/',
      '//evil.example/x',
    ]) {
      rendered.length = 0;
      const response = await get(path, { cookie: 'language=en' }, 'lapsed.localhost');
      expect(response.status, path).toBe(403);
      expect(response.headers.get('location'), path).toBeNull();
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(rendered, path).toEqual(['/forbiddenPage?lang=en']);
    }
    rendered.length = 0;
    expect((await get('/zh/home/', { cookie: 'language=en' }, 'closed.localhost')).status).toBe(403);
    expect(rendered).toEqual(['/forbiddenPage?lang=zh']);
  });

  it('answers a form posted to its login page with the notice too', async () => {
    rendered.length = 0;
    const response = await app.request('/login?lang=en', {
      method: 'POST',
      headers: {
        host: 'lapsed.localhost',
        origin: 'http://lapsed.localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'account=a&password=b',
    });
    expect(response.status).toBe(403);
    expect(rendered).toEqual(['/forbiddenPage?lang=en']);
  });

  it('still serves its public files and the favicon', async () => {
    for (const path of ['/favicon.svg', '/favicon.svg?v=2']) {
      const response = await get(path, {}, 'lapsed.localhost');
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(FAVICON);
    }
  });

  it('keeps crawlers out and lists no pages', async () => {
    const robots = await get('/robots.txt', {}, 'lapsed.localhost');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    for (const name of ['/sitemap.xml', '/sitemap.txt'])
      expect((await get(name, {}, 'lapsed.localhost')).status, name).toBe(404);
    expect(await (await get('/sitemap.txt')).text()).toContain('/en/home/');
  });
});

describe('pages rendered on demand', () => {
  it('carry the type and cache policy of prebuilt pages', async () => {
    for (const path of ['/en/home/', '/500']) {
      const response = await get(path);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('public, no-cache');
    }
  });

  it("answers HEAD with its GET's headers, Content-Length included", async () => {
    const cases: [string, Record<string, string>, string?][] = [
      ['/en/home/', { 'accept-encoding': 'br' }],
      ['/en/home/', { 'accept-encoding': 'identity' }],
      ['/_static/theme.css', {}],
      ['/en/home/', {}, 'nosuch.localhost'],
    ];
    for (const [path, headers, host] of cases) {
      const got = await get(path, headers, host);
      const head = await app.request(path, {
        method: 'HEAD',
        headers: { host: host ?? 'jmst.localhost:4321', ...headers },
      });
      expect(head.status, path).toBe(got.status);
      expect(head.headers.get('content-length'), `${host ?? ''}${path}`).toBe(
        String((await got.arrayBuffer()).byteLength),
      );
      expect(head.headers.get('content-encoding'), path).toBe(got.headers.get('content-encoding'));
      expect(await head.text(), path).toBe('');
    }
  });

  it("does not show Astro's error page as a page of the site", async () => {
    expect((await get('/500')).status).toBe(404);
    expect((await get('/500/')).status).toBe(404);
  });

  it('vary on Accept-Encoding, compressed or not, and use the encoding the client prefers', async () => {
    const plain = await get('/en/home/', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(await plain.text()).toBe(PAGE);

    const gzipped = await get('/en/home/', { 'accept-encoding': 'gzip;q=1, br;q=0.1' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(PAGE);

    expect((await get('/en/home/', { 'accept-encoding': 'gzip, br' })).headers.get('content-encoding')).toBe('br');
  });
});
