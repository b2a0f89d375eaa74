/**
 * Step 3 of the request path, redirects (after a closed site's gate, closed-site.ts): double
 * slashes, the legacy URL families (docs/product-rules.md#legacy-urls), an open site's /forbiddenPage and '/'. Every
 * Location goes through sameOriginLocation (location.ts).
 */
import type { Hono } from 'hono';
import type { Site } from '../../content/types.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import type { LegacyLookup } from '../../lib/routes.ts';
import { canonical } from '../../lib/routes.ts';
import { legacyTarget } from '../redirects.ts';
import { langOf, type PortalEnv } from './env.ts';

export function mountRedirects(app: Hono<PortalEnv>, lookupFor: (site: Site) => LegacyLookup): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    // '/en//article/1/' is '/en/article/1/': one URL a page, prebuilt or not. The path as sent
    // (still percent-encoded): a decoded one could hold '\', a tab or CR/LF.
    const { pathname, search } = new URL(c.req.url);
    if (!pathname.includes('//')) return next();
    return c.redirect(sameOriginLocation(pathname.replace(/\/{2,}/g, '/') + search), 301);
  });

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const request = { pathname: c.req.path, queryLang: c.req.query('lang'), cookieHeader: c.req.header('cookie') };
    const target = await legacyTarget(request, lookupFor(c.var.site));
    if (!target) return next();
    // The language came from the cookie: another visitor (or this one, later) goes elsewhere.
    if (target.byCookie) {
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
    }
    return c.redirect(sameOriginLocation(target.location), 301);
  });

  // the notice of a closed site: an open one sends its visitors home
  app.on(['GET', 'HEAD'], '/forbiddenPage', (c, next) =>
    c.var.site.status === 'active' ? c.redirect(sameOriginLocation(canonical.home(langOf(c))), 302) : next(),
  );

  app.on(['GET', 'HEAD'], '/', (c) => {
    c.header('Cache-Control', 'no-store');
    // ?token= (docs/product-rules.md#sessions-and-tokens) logs in on the home page too: the member step there takes it
    const token = c.req.query('token');
    const home = canonical.home(langOf(c));
    return c.redirect(
      sameOriginLocation(token === undefined ? home : `${home}?${new URLSearchParams({ token })}`),
      302,
    );
  });
}
