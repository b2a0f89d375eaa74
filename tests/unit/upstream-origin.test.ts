/**
 * Cross-site writes (docs/decisions.md, "Writes come from the site's own pages") in upstream mode: the proxy turns the session cookie into the upstream's token header,
 * so a write from another site's page is refused before anything reaches the upstream.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import type { PortalEnv } from '../../src/server/http/env.ts';
import { upstreamApi } from '../../src/server/http/upstream.ts';

let upstream: Server;
/** the calls the upstream received, with the token header the proxy gave them */
const received: { path: string; token: string | undefined }[] = [];
let app: Hono<PortalEnv>;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received.push({ path: req.url ?? '', token: req.headers['token'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":0,"message":"success","data":null}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app = new Hono<PortalEnv>();
  app.all(
    '/rc-pub/*',
    upstreamApi(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, async () => null),
  );
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

const post = (origin: string) =>
  app.request(apiPaths.memberCollect, {
    method: 'POST',
    headers: {
      host: 'jmst.localhost:4321',
      origin,
      cookie: 'commonToken=victim-token-0123456789',
      'content-type': 'text/plain',
      language: 'en',
    },
    body: '{"type":"article","id":1}',
  });

describe('the upstream proxy', () => {
  it('refuses a write from a sister sub-domain without passing it on', async () => {
    const answer = await post('http://evil.localhost:4321');
    expect(await answer.json()).toMatchObject({
      status: 403,
      message: 'This request came from another website and was refused',
    });
    expect(received).toEqual([]);
  });

  it('passes the site’s own write on with the token', async () => {
    expect(await (await post('http://jmst.localhost:4321')).json()).toMatchObject({ status: 0 });
    expect(received).toEqual([{ path: apiPaths.memberCollect, token: 'victim-token-0123456789' }]);
  });
});
