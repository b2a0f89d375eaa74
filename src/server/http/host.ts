/**
 * Step 1 of the request path, host → site. The outer app puts the effective host (X-Forwarded-Host
 * from a trusted proxy) in Host; the site step finds the site it names or answers the unknown-site
 * page.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { PortalConfig } from '../config.ts';
import { effectiveHost, type SiteForHost } from '../host.ts';
import { noticePage } from '../static/notice-page.ts';
import type { PortalEnv } from './env.ts';

/** Hands every request to `inner` with Host set to the effective host. */
export function withEffectiveHost(
  inner: Hono<PortalEnv>,
  config: Pick<PortalConfig, 'trustedProxies'>,
): Hono<PortalEnv> {
  const app = new Hono<PortalEnv>();
  app.all('*', (c) => {
    const request = c.req.raw;
    const peer = c.env?.incoming?.socket.remoteAddress;
    const host = effectiveHost(
      { host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') },
      peer,
      config.trustedProxies,
    );
    if (host === (request.headers.get('host') ?? '')) return inner.fetch(request, c.env);
    const headers = new Headers(request.headers);
    headers.set('host', host);
    const init: RequestInit & { duplex?: 'half' } = { headers };
    if (request.body) init.duplex = 'half';
    return inner.fetch(new Request(request, init), c.env);
  });
  return app;
}

/** Sets c.var.site, or answers 404 with the unknown-site page. */
export function siteStep(siteForHost: SiteForHost): MiddlewareHandler<PortalEnv> {
  return async (c, next) => {
    const site = await siteForHost(c.req.header('host') ?? '');
    if (!site) return c.html(noticePage('unknownSite'), 404, { 'Cache-Control': 'no-store' });
    c.set('site', site);
    return next();
  };
}
