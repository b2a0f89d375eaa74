/**
 * Member steps of the request path (local mode), after the redirects: a `token` query parameter
 * on any page is exchanged for the session cookies and removed from the URL (docs/product-rules.md#sessions-and-tokens), and
 * /personal answers an anonymous visitor with the login page. A browser that already holds a live
 * session keeps it: a link with someone else's token must not switch the visitor to that account
 * unnoticed (login CSRF).
 */
import type { Hono } from 'hono';
import { API_HEADERS } from '../../lib/api-paths.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import { otherPages } from '../../lib/routes.ts';
import { isHttps, loginCookies } from '../auth/cookies.ts';
import { findSession, hashToken, requestToken } from '../auth/session.ts';
import type { Db } from '../store/db.ts';
import { memberById } from '../store/members.ts';
import { sessionExpiry } from '../store/sessions.ts';
import { langOf, type PortalEnv } from './env.ts';

const PERSONAL = /^\/personal\/?$/;

export function mountMemberSteps(app: Hono<PortalEnv>, db: Db, now: () => Date): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const url = new URL(c.req.url);
    const token = url.searchParams.get('token');
    if (token === null) return next();
    url.searchParams.delete('token');
    c.header('Cache-Control', 'no-store');
    const secure = isHttps(c.req.url, c.req.header('x-forwarded-proto'));
    const held = requestToken(null, c.req.header('cookie'), secure);
    const current = held ? await findSession(db, held, c.var.site.id, now()) : null;
    const session =
      !current && requestToken(token, null, secure) ? await findSession(db, token, c.var.site.id, now()) : null;
    const member = session ? await memberById(db, session.userId, session.siteId) : null;
    const expires = member ? await sessionExpiry(db, hashToken(token)) : null;
    if (member && expires) {
      for (const cookie of loginCookies(token, member.userName, expires, now(), secure))
        c.header('Set-Cookie', cookie, { append: true });
    }
    return c.redirect(sameOriginLocation(url.pathname + url.search + url.hash), 302);
  });

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!PERSONAL.test(c.req.path)) return next();
    const token = requestToken(
      c.req.header(API_HEADERS.token),
      c.req.header('cookie'),
      isHttps(c.req.url, c.req.header('x-forwarded-proto')),
    );
    const session = token ? await findSession(db, token, c.var.site.id, now()) : null;
    c.header('Cache-Control', 'private, no-store');
    if (!session) return c.redirect(sameOriginLocation(otherPages.login(langOf(c))), 302);
    return next();
  });
}
