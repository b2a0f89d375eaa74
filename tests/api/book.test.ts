/** The book cloud: the config call, and the jump with a signed, short-lived token for members only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { BOOK_JUMP_TTL_MS } from '../../src/lib/constants.ts';
import { readBookToken } from '../../src/server/auth/book-token.ts';
import { run } from '../fixtures/rows.ts';
import { type ApiFixture, BOOK, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;

beforeAll(async () => {
  api = await createApiFixture({ articles: 20 });
  await run(api.demo.db, "INSERT INTO site_configs (site_id, name, value) VALUES (1, 'BOOK_CLOUD_CHECK', 'true')");
});
afterAll(() => api.cleanup());

describe('book cloud', () => {
  it('answers the book config of the site: true where it is set, empty where not, 400 for a bad name', async () => {
    expect(await api.json(`${apiPaths.configByName}?configName=BOOK_CLOUD_CHECK`)).toMatchObject({
      status: 0,
      data: { configValue: 'true' },
    });
    expect(await api.json(`${apiPaths.configByName}?configName=BOOK_CLOUD_CHECK`, { sld: 'cpg' })).toMatchObject({
      status: 0,
      data: { configValue: '' },
    });
    expect(await api.json(`${apiPaths.configByName}?configName=x;y`, { headers: { language: 'en' } })).toMatchObject({
      status: 400,
      message: 'Invalid parameter: configName',
    });
  });

  it('answers a message when no book site is configured', async () => {
    const bare = await createApiFixture({ articles: 5, book: { url: undefined, secret: undefined } });
    try {
      expect(await bare.json(apiPaths.bookJump, { headers: { language: 'en' } })).toMatchObject({
        status: 404,
        message: 'The book cloud is not configured',
      });
    } finally {
      await bare.cleanup();
    }
  });

  it('sends a visitor to the book site, and a member with a token that names them, is signed and expires', async () => {
    expect(await api.json(apiPaths.bookJump)).toMatchObject({ status: 0, data: { jumpUrl: BOOK.url } });
    const jump = await api.json(apiPaths.bookJump, { headers: { token: await api.login(1) } });
    const url = new URL((jump.data as { jumpUrl: string }).jumpUrl);
    expect(url.origin + url.pathname).toBe(BOOK.url);
    const token = url.searchParams.get('token') ?? '';
    expect(token).not.toContain('scrypt');
    expect(readBookToken(token, BOOK.secret, new Date())).toMatchObject({ site: 1, user: 'demo' });
    expect(readBookToken(token, BOOK.secret, new Date(Date.now() + BOOK_JUMP_TTL_MS + 1000))).toBeNull();
    expect(readBookToken(token, 'another-secret-of-enough-length-000000', new Date())).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ site: 1, user: 'admin', exp: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    expect(payload).toBeTruthy();
    expect(readBookToken(forged, BOOK.secret, new Date())).toBeNull();
  });
});
