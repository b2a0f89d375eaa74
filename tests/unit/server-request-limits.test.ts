/**
 * The request path's limits, step by step through the app (stand-in renderer): methods, body
 * sizes by route kind, the redirect step's Locations for hostile paths, ids beyond the safe
 * integer range, and the render gate's 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import type { PortalServer } from '../../src/server/app.ts';
import { createRenderGate } from '../../src/server/http/render-gate.ts';
import { bodyLimits, routeKind } from '../../src/server/http/request-limits.ts';
import { createStandInPortal, htmlRenderer, type StandInPortal } from '../fixtures/stand-in-portal.ts';

const PAGE = '<!DOCTYPE html><html lang="en"><body><p>rendered</p></body></html>';
const HOST = 'jmst.localhost:4321';
const ORIGIN = `http://${HOST}`;

let portal: StandInPortal;
let app: PortalServer;
let renders = 0;

beforeAll(async () => {
  portal = await createStandInPortal(
    { API_BODY_LIMIT_BYTES: '2048' },
    htmlRenderer(PAGE, () => renders++),
  );
  app = portal.app;
});
afterAll(async () => {
  await portal?.cleanup();
});

const send = (path: string, init: RequestInit & { duplex?: 'half' } = {}) =>
  app.request(path, { ...init, headers: { host: HOST, ...(init.headers as Record<string, string>) } });

describe('methods', () => {
  const OTHER = [
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'PROPFIND',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'PROPPATCH',
  ];

  it.each(OTHER)(
    '%s on a page, a public file, a site file and / answers 405 with Allow, and renders nothing',
    async (method) => {
      for (const path of ['/zh/home/', '/favicon.svg', '/_static/theme.css', '/', '/zh//home/', '/article/1/2']) {
        const before = renders;
        const response = await send(path, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(renders, `${method} ${path} rendered`).toBe(before);
      }
    },
  );

  it('the login page takes a POST (its form without JavaScript), nothing else', async () => {
    const put = await send('/login?lang=en', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const big = await send('/login?lang=en', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(64 * 1024) },
      body: 'x'.repeat(64 * 1024),
    });
    expect(big.status).toBe(413);
  });

  it('GET and HEAD still answer, and the API keeps its own methods', async () => {
    expect((await send('/zh/home/')).status).toBe(200);
    expect((await send('/zh/home/', { method: 'HEAD' })).status).toBe(200);
    expect((await send('/favicon.svg', { method: 'HEAD' })).status).toBe(200);
    const login = await send(apiPaths.memberCollect, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(login.status).not.toBe(405);
    expect(((await login.json()) as { status: number }).status).toBe(401);
  });
});

describe('bodies', () => {
  it('has one table of limits by route kind: pages none, the API its configured size', () => {
    expect(routeKind('/zh/home/')).toBe('page');
    expect(routeKind('/rc-pub/api/login')).toBe('api');
    expect(routeKind('/login')).toBe('form');
    expect(routeKind('/_admin/sites/jmst/rebuild')).toBe('admin');
    expect(routeKind('/_admin/sites/jmst/import/check')).toBe('import');
    expect(bodyLimits({ apiBodyLimit: 2048 })).toMatchObject({ page: 0, api: 2048 });
    expect(routeKind(apiPaths.memberSaveInfo)).toBe('upload');
  });

  it('lets an upload route take a file far above the API limit (it answers 401, not 413), and refuses one above its own', async () => {
    const picture = new FormData();
    picture.set('headPicture', new File([new Uint8Array(1024 * 1024)], 'a.png', { type: 'image/png' }));
    const upload = await send(apiPaths.memberSaveInfo, { method: 'POST', body: picture, headers: { language: 'en' } });
    expect(upload.status).not.toBe(413);
    expect(((await upload.json()) as { status: number }).status).toBe(401);
    const huge = await send(apiPaths.memberSaveInfo, {
      method: 'POST',
      headers: { 'content-length': String(50 * 1024 * 1024), language: 'en' },
    });
    expect(huge.status).toBe(413);
  });

  it('lets the console’s import take a file far above the admin limit (401 without a session, not 413), and refuses one above its own', async () => {
    const file = new Uint8Array(1024 * 1024);
    const headers = { 'content-type': 'application/zip' };
    const through = await send('/_admin/sites/jmst/import/check', { method: 'POST', body: file, headers });
    expect(through.status).toBe(401);
    const menu = await send('/_admin/sites/jmst/channels', { method: 'POST', body: file, headers });
    expect(menu.status).toBe(413);
    const huge = await send('/_admin/sites/jmst/import', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(3 * 1024 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
  });

  it("lets a 5 MB phone photo through to the route, and answers a larger body with SPEC's limit of its picture, not a generic 'too large'", async () => {
    const photo = new FormData();
    photo.set('headPicture', new File([new Uint8Array(5_000_000)], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    const through = await send(apiPaths.memberSaveInfo, { method: 'POST', body: photo, headers: { language: 'en' } });
    expect(((await through.json()) as { status: number }).status).toBe(401);
    const six = { 'content-length': String(6 * 1024 * 1024) };
    const avatar = await send(apiPaths.memberSaveInfo, { method: 'POST', headers: { ...six, language: 'en' } });
    expect(await avatar.json()).toMatchObject({ status: 413, message: 'The profile photo must be under 5M' });
    const cover = await send(apiPaths.personalAlbumSave, { method: 'POST', headers: { ...six, language: 'zh' } });
    expect(await cover.json()).toMatchObject({ status: 413, message: '封面不能超过3M' });
  });

  it('refuses any body to a page with 413 before it is read, and closes the connection', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const before = renders;
    const chunked = await send('/zh/home/', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
    expect(chunked.headers.get('connection')).toBe('close');
    const sized = await send('/zh/home/', { method: 'GET', headers: { 'content-length': String(50 * 1024 * 1024) } });
    expect(sized.status).toBe(413);
    expect(await sized.text()).toContain('Request too large');
    expect(renders).toBe(before);
    // a stream's first pull happens when it is made: nothing beyond it was asked for
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('lets the API read a small JSON body and refuses a larger one with an envelope in the request language', async () => {
    const large = JSON.stringify({ userName: 'x'.repeat(4096) });
    const sized = await send(apiPaths.memberCollect, {
      method: 'POST',
      body: large,
      headers: { 'content-type': 'application/json', language: 'en' },
    });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toMatchObject({ status: 413, message: 'The request body is too large' });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await send(apiPaths.memberCollect, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ status: 413, message: '请求内容过大' });
  });
});

describe('redirects', () => {
  const HOSTILE = [
    '//%5Cevil.com/',
    '//%09/evil.com',
    '//%0d%0aSet-Cookie:%20x=1',
    '//%0D%0A/evil.com',
    '//%2F/evil.com',
    '//%2f%2fevil.com',
    '//evil.com/',
    '///evil.com/%2e%2e',
    '/zh//%3Cscript%3Ealert(1)%3C/script%3E',
    '//\\evil.com',
    '//%E2%80%AEevil.com',
    '/article/1/2/%0d%0a',
    '/zh/article/1/%5C%5Cevil.com',
  ];

  it.each(HOSTILE)('%s redirects (if at all) to the same origin, encoded, never 500', async (path) => {
    const response = await send(path);
    expect(response.status).toBeLessThan(500);
    const location = response.headers.get('location');
    // every '//' path is one to normalise: it must redirect, not slip through
    if (path.startsWith('//')) expect(response.status).toBe(301);
    if (location === null) return;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(location).not.toMatch(/[\s<>"\\]/);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  });

  it('still collapses double slashes and keeps the query', async () => {
    const response = await send('/en//article/1/?lang=en');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/en/article/1/?lang=en');
  });

  it("answers a closed site's notice in place, whatever the path: no Location at all", async () => {
    const response = await app.request('//%5Cevil.com/', { headers: { host: 'lapsed.localhost:4321' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('ids beyond the safe integer range', () => {
  it('are not legacy URLs: no redirect to a rounded id', async () => {
    // an id has at most 15 digits (src/lib/id.ts), so none rounds
    for (const path of [
      '/thesis/1/99999999999999999999',
      '/zh/article/1/99999999999999999999/',
      '/article/id/99999999999999999999/5',
      '/newsInfo/1/9007199254740993',
      '/thesis/1/9007199254740991',
    ]) {
      const response = await send(path);
      expect(response.status, path).not.toBe(301);
      expect(response.headers.get('location'), path).toBeNull();
    }
    expect((await send('/thesis/1/999999999999999')).status).toBe(301);
  });
});

describe('the render gate', () => {
  it('runs a few renders at once, lets some wait, and answers 503 with Retry-After beyond the queue', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const slow = portal.withSettings({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '1' }, async () => {
      started++;
      await gate;
      return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    });
    try {
      const get = async () => slow.request('/zh/home/', { headers: { host: HOST } });
      // which request reaches the gate last is up to the scheduler; only that one can answer before the release
      const requests = [get(), get(), get()];
      const refused = await Promise.race(requests.map((request, at) => request.then((response) => ({ response, at }))));
      expect(refused.response.status).toBe(503);
      expect(refused.response.headers.get('retry-after')).toBe('2');
      expect(await refused.response.text()).toContain('Please reload the page in a few seconds');
      expect(started).toBe(1);
      release();
      const served = await Promise.all(requests.filter((_, at) => at !== refused.at));
      expect(served.map((response) => response.status)).toEqual([200, 200]);
      expect(started).toBe(2);
    } finally {
      await slow.close();
    }
  });

  it('hands a freed slot to the next in line', async () => {
    const gate = createRenderGate({ concurrency: 2, queue: 10 });
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return 'done';
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => gate.run(task)));
    expect(results).toEqual(Array(8).fill('done'));
    expect(most).toBe(2);
  });
});
