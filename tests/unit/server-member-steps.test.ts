/**
 * The member steps of the request path (stand-in renderer): pages carry the framing and Referer headers,
 * `/?token=` logs in like any other page, and a token in a link never replaces a live session.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalServer } from '../../src/server/app.ts';
import { hashToken } from '../../src/server/auth/session.ts';
import { one } from '../../src/server/store/sql.ts';
import { createStandInPortal, htmlRenderer, type StandInPortal } from '../fixtures/stand-in-portal.ts';

let portal: StandInPortal;
let app: PortalServer;

beforeAll(async () => {
  portal = await createStandInPortal({}, htmlRenderer('<!DOCTYPE html><html><body>page</body></html>'));
  app = portal.app;
});
afterAll(async () => {
  await portal?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { host: 'jmst.localhost:4321', ...headers } });

/** a live session of jmst (site 1) for this member; returns its token */
function session(userName: string): string {
  const token = randomBytes(24).toString('base64url');
  const user = one(portal.demo.db, 'SELECT id FROM users WHERE site_id = 1 AND user_name = ?', userName);
  const now = Date.now();
  portal.demo.db
    .prepare('INSERT INTO sessions (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, 1, ?, ?)')
    .run(hashToken(token), Number(user?.['id']), new Date(now).toISOString(), new Date(now + 3_600_000).toISOString());
  return token;
}

describe('page headers', () => {
  it('a page rendered on demand forbids framing by other sites and trims the Referer', async () => {
    const page = await get('/zh/home/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('?token= in a link', () => {
  it('on the site root reaches the home page and logs in there', async () => {
    const token = session('demo');
    const root = await get(`/?token=${token}`);
    expect(root.status).toBe(302);
    const home = root.headers.get('location') ?? '';
    expect(home).toBe(`/zh/home/?token=${token}`);
    const exchanged = await get(home);
    expect(exchanged.headers.get('location')).toBe('/zh/home/');
    expect(exchanged.headers.getSetCookie().some((cookie) => cookie.startsWith(`commonToken=${token};`))).toBe(true);
  });

  it('keeps a live session instead of switching to the link’s account', async () => {
    const mine = session('demo');
    const theirs = session('demo');
    const answer = await get(`/zh/home/?token=${theirs}`, { cookie: `commonToken=${mine}` });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/zh/home/');
    expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('commonToken='))).toEqual([]);
  });
});
