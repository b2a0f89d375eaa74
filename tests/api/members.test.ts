/** Member calls: 401 without a live session of the request's site, 0 with one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { row } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let article: number;

beforeAll(async () => {
  api = await createApiFixture();
  article = Number(
    (await row(api.demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1"))?.[
      'id'
    ],
  );
});
afterAll(() => api.cleanup());

const unauthorized = { status: 401, message: '登录已失效，请重新登录', data: null };

describe('member calls', () => {
  it('answer 401 without a token, with an unknown token and with an expired one', async () => {
    expect(await api.json(apiPaths.memberInfo)).toMatchObject(unauthorized);
    expect(await api.json(apiPaths.memberInfo, { headers: { language: 'en' } })).toMatchObject({
      status: 401,
      message: 'Your session has expired, please log in again',
    });
    expect(await api.json(apiPaths.memberInfo, { headers: { token: 'x'.repeat(32) } })).toMatchObject(unauthorized);
    expect(await api.json(apiPaths.memberInfo, { headers: { token: 'short' } })).toMatchObject(unauthorized);
    const expired = await api.login(1, { expiresInMs: -1000 });
    expect(await api.json(apiPaths.memberInfo, { headers: { token: expired } })).toMatchObject(unauthorized);
    expect(await api.json(`${apiPaths.memberCollects}?siteId=1`)).toMatchObject(unauthorized);
    expect(
      await api.json(apiPaths.memberCollect, { method: 'POST', body: { type: 'article', id: article } }),
    ).toMatchObject(unauthorized);
    expect(await api.json(apiPaths.logout, { method: 'DELETE' })).toMatchObject(unauthorized);
  });

  it('clear the session cookies in every 401 answer, since the browser cannot drop the HttpOnly one itself', async () => {
    const expired = await api.login(1, { expiresInMs: -1000 });
    const calls = [
      api.call(apiPaths.memberInfo, { headers: { cookie: `commonToken=${expired}; userName=demo` } }),
      api.call(apiPaths.logout, { method: 'DELETE', headers: { cookie: `commonToken=${expired}` } }),
      api.call(apiPaths.memberCollect, {
        method: 'POST',
        headers: { 'x-forwarded-proto': 'https' },
        body: { type: 'article', id: article },
      }),
    ];
    for (const [index, response] of (await Promise.all(calls)).entries()) {
      expect(((await response.json()) as { status: number }).status).toBe(401);
      const cookies = response.headers.getSetCookie();
      for (const name of ['commonToken', 'userName'])
        expect(
          cookies.find((c) => c.startsWith(`${name}=;`)),
          `${name} in answer ${index}`,
        ).toMatch(/Max-Age=0/);
      expect(cookies.find((c) => c.startsWith('commonToken='))).toMatch(/HttpOnly/);
      if (index === 2) for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    }
    // a live session's answers keep the cookies
    const token = await api.login(1);
    expect((await api.call(apiPaths.memberInfo, { headers: { token } })).headers.getSetCookie()).toEqual([]);
  });

  it('give the member their information with a valid token, from the header or the session cookie (never the legacy token cookie)', async () => {
    const token = await api.login(1);
    const info = await api.json(apiPaths.memberInfo, { headers: { token } });
    expect(info).toMatchObject({ status: 0, data: { userName: 'demo', siteId: 1 } });
    expect(info.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(info.data)).not.toContain('scrypt');
    expect((await api.json(apiPaths.memberInfo, { headers: { cookie: `commonToken=${token}` } })).status).toBe(0);
    expect(await api.json(apiPaths.memberInfo, { headers: { cookie: `token=${token}` } })).toMatchObject(unauthorized);
  });

  it("refuse a site 1 token on site 2, and a token can only read its own site's member", async () => {
    const token = await api.login(1);
    expect(await api.json(apiPaths.memberInfo, { sld: 'cpg', headers: { token } })).toMatchObject(unauthorized);
    expect(await api.json(`${apiPaths.memberInfo}?siteId=2`, { sld: null, headers: { token } })).toMatchObject(
      unauthorized,
    );
    const cpg = await api.login(2);
    const info = await api.json(apiPaths.memberInfo, { sld: 'cpg', headers: { token: cpg } });
    expect(info.data).toMatchObject({ siteId: 2 });
  });

  it('collect a resource of the site, list it, and refuse another site’s resource or a bad type', async () => {
    const token = await api.login(1);
    const added = await api.json(apiPaths.memberCollect, {
      method: 'POST',
      headers: { token },
      body: { type: 'article', id: article },
    });
    expect(added).toMatchObject({ status: 0, data: { collected: true } });
    const again = await api.json(apiPaths.memberCollect, {
      method: 'POST',
      headers: { token },
      body: { type: 'article', id: article },
    });
    expect(again.status).toBe(0);
    const list = await api.json(`${apiPaths.memberCollects}?type=article`, { headers: { token } });
    const page = list.data as { content: { resourceId: number; title: string | null }[]; total: number };
    expect(page.total).toBe(1);
    expect(page.content[0]).toMatchObject({ resourceId: article, title: expect.any(String) });

    const cpgArticle = Number(
      (await row(api.demo.db, "SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' LIMIT 1"))?.['id'],
    );
    expect(
      await api.json(apiPaths.memberCollect, {
        method: 'POST',
        headers: { token },
        body: { type: 'article', id: cpgArticle },
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await api.json(apiPaths.memberCollect, { method: 'POST', headers: { token }, body: { type: 'book', id: 1 } }),
    ).toMatchObject({ status: 400, message: '参数错误：type' });
    expect(
      await api.json(apiPaths.memberCollect, {
        method: 'POST',
        headers: { token },
        body: { type: 'article', id: 'x' },
      }),
    ).toMatchObject({ status: 400, message: '参数错误：id' });
    expect(await api.json(`${apiPaths.memberCollects}?size=10000`, { headers: { token } })).toMatchObject({
      status: 400,
      message: '参数错误：size',
    });
  });

  it('log out: the token stops working', async () => {
    const token = await api.login(1);
    const out = await api.json(apiPaths.logout, { method: 'DELETE', headers: { token } });
    expect(out).toMatchObject({ status: 0, message: '退出成功' });
    expect(await api.json(apiPaths.memberInfo, { headers: { token } })).toMatchObject(unauthorized);
  });
});
