/**
 * Upstream mode: the login cookies belong to this portal, so a 401 envelope from the
 * upstream (which sets no cookies of ours) is answered with the cookies cleared, as the local API
 * does; other answers pass unchanged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import type { PortalEnv } from '../../src/server/http/env.ts';
import { upstreamApi } from '../../src/server/http/upstream.ts';

let upstream: Server;
const app = new Hono<PortalEnv>();

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const unauthorized = request.url?.startsWith(apiPaths.memberInfo);
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(
      JSON.stringify(
        unauthorized
          ? { status: 401, message: '登录已失效', data: null }
          : { status: 0, message: '成功', data: { ok: true } },
      ),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app.all(
    '/rc-pub/*',
    upstreamApi(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, async () => null),
  );
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

it("clears this portal's login cookies on the upstream's 401 envelope, and only then", async () => {
  const expired = await app.request(apiPaths.memberInfo, {
    headers: { host: 'jmst.localhost', cookie: 'commonToken=stale; userName=demo', siteId: '1' },
  });
  expect(await expired.json()).toMatchObject({ status: 401, message: '登录已失效' });
  const cookies = expired.headers.getSetCookie();
  expect(cookies.find((c) => c.startsWith('commonToken=;'))).toMatch(/Max-Age=0.*HttpOnly/);
  expect(cookies.find((c) => c.startsWith('userName=;'))).toMatch(/Max-Age=0/);
  const fine = await app.request(`${apiPaths.topNews}?siteId=1`, {
    headers: { host: 'jmst.localhost', cookie: 'commonToken=live' },
  });
  expect(await fine.json()).toMatchObject({ status: 0, data: { ok: true } });
  expect(fine.headers.getSetCookie()).toEqual([]);
});
