/** The browser/Node API client against the real API (in-process, through app.request as fetch). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSchema } from '../../src/content/types.ts';
import {
  ApiStatusError,
  createApiClient,
  UnauthorizedError,
  UnreadableAnswerError,
  unauthorizedHandler,
} from '../../src/islands/state/api-client.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { createApi } from '../../src/server/api/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let seen: Request[];
let fetchApi: typeof fetch;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 60 });
  const app = createApi({ db: demo.db, source: createLocalSource(demo.db) });
  fetchApi = async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return app.fetch(request);
  };
});
afterAll(() => demo.cleanup());

function client(options: Parameters<typeof createApiClient>[0] = {}) {
  seen = [];
  return createApiClient({
    origin: 'http://127.0.0.1:4321',
    fetch: fetchApi,
    lang: () => 'en',
    siteId: () => 1,
    token: () => null,
    now: () => 1234,
    ...options,
  });
}

describe('createApiClient', () => {
  it('sends the language, siteId and token headers and the timestamps parameter on GETs, and unwraps data', async () => {
    const api = client({ token: () => 'a'.repeat(32) });
    const site = await api.get(apiPaths.findBySld, { query: { sld: 'jmst' }, parse: (data) => siteSchema.parse(data) });
    expect(site.sld).toBe('jmst');
    const request = seen[0];
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe(apiPaths.findBySld);
    expect(url.searchParams.get('timestamps')).toBe('1234');
    expect(request?.headers.get('language')).toBe('en');
    expect(request?.headers.get('siteId')).toBe('1');
    expect(request?.headers.get('token')).toBe('a'.repeat(32));
  });

  it('fills path parameters and leaves timestamps off other methods', async () => {
    const api = client();
    const config = await api.get(apiPaths.searchConfig, { params: { siteId: 1 } });
    expect(Array.isArray(config)).toBe(true);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/rc-pub/front/site/1/search-config');
    await expect(api.delete(apiPaths.logout, { identifyHeader: 'abcd' })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(new URL(seen[1]?.url ?? '').searchParams.has('timestamps')).toBe(false);
    expect(seen[1]?.headers.get('captcha')).toBe('abcd');
  });

  it('rejects a non-zero status with the server message in the request language', async () => {
    const api = client();
    const failure = await api
      .get(apiPaths.findBySld, { query: { sld: 'nosuchsite' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiStatusError);
    expect(failure).toMatchObject({ status: 404, message: 'Site not found' });
    const closed = await client({ lang: () => 'zh' })
      .get(apiPaths.findBySld, { query: { sld: 'lapsed' } })
      .catch((error: unknown) => error);
    expect(closed).toMatchObject({ status: 10001, message: '网站已过期或被停用', data: { sld: 'lapsed' } });
  });

  it('runs the 401 hook once and rejects with UnauthorizedError', async () => {
    const messages: string[] = [];
    const api = client({ onUnauthorized: (message) => messages.push(message) });
    await expect(api.get(apiPaths.memberInfo)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(messages).toEqual(['Your session has expired, please log in again']);
  });

  it('sends each failure to one hook: 10001 to the site hook, other statuses and unreadable answers to the error hook', async () => {
    const events: string[] = [];
    const hooks = {
      onUnauthorized: () => events.push('401'),
      onSiteUnavailable: () => events.push('10001'),
      onError: (error: unknown) =>
        events.push(
          error instanceof UnreadableAnswerError ? 'unreadable' : `error ${(error as ApiStatusError).status}`,
        ),
    };
    const api = client(hooks);
    await expect(api.get(apiPaths.findBySld, { query: { sld: 'lapsed' } })).rejects.toMatchObject({ status: 10001 });
    await expect(api.get(apiPaths.findBySld, { query: { sld: 'nosuchsite' } })).rejects.toMatchObject({ status: 404 });
    await expect(api.get(apiPaths.memberInfo)).rejects.toBeInstanceOf(UnauthorizedError);
    const proxyPage: typeof fetch = async () =>
      new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } });
    await expect(createApiClient({ fetch: proxyPage, ...hooks }).get(apiPaths.findBySld)).rejects.toBeInstanceOf(
      UnreadableAnswerError,
    );
    await api.get(apiPaths.findBySld, { query: { sld: 'jmst' } });
    expect(events).toEqual(['10001', 'error 404', '401', 'unreadable']);
  });

  it('counts every call for the loading indicator, ended whether it succeeds or fails', async () => {
    let running = 0;
    const ends: number[] = [];
    const api = client({
      track: () => {
        running++;
        return () => ends.push(--running);
      },
    });
    const both = Promise.allSettled([
      api.get(apiPaths.findBySld, { query: { sld: 'jmst' } }),
      api.get(apiPaths.findBySld, { query: { sld: 'nosuchsite' } }),
    ]);
    expect(running).toBe(2);
    await both;
    expect(ends.sort()).toEqual([0, 1]);
  });

  it('times out', async () => {
    const slow: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const api = createApiClient({ origin: 'http://127.0.0.1:1', fetch: slow, lang: () => 'zh', timeoutMs: 20 });
    await expect(api.get(apiPaths.findBySld)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('unauthorizedHandler (SPEC section 8)', () => {
  it('clears the login, toasts the message for 2000 ms and opens the login page about 1.1 s later', () => {
    const events: string[] = [];
    let scheduled: { fn: () => void; ms: number } | null = null;
    const handle = unauthorizedHandler({
      clearLogin: () => events.push('clear'),
      toast: (message, ms) => events.push(`toast ${message} ${ms}`),
      navigate: (url) => events.push(`go ${url}`),
      lang: () => 'en',
      setTimeout: (fn, ms) => {
        scheduled = { fn, ms };
      },
    });
    handle('expired');
    expect(events).toEqual(['clear', 'toast expired 2000']);
    const pending = scheduled as { fn: () => void; ms: number } | null;
    expect(pending?.ms).toBe(1100);
    pending?.fn();
    expect(events.at(-1)).toBe('go /login?lang=en');
  });
});
