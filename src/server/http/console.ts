/**
 * The editors' console at /_console/ on every site host, open sites and closed ones alike. Astro
 * skips page files whose names start with '_', so the frame is the page src/pages/staff-console.astro,
 * rendered here under the console's own path and answered nowhere else. It is never prebuilt, kept
 * by no cache and indexed by no crawler; everything it shows comes from the admin API.
 */
import type { Hono } from 'hono';
import type { Site } from '../../content/types.ts';
import type { PortalEnv } from './env.ts';

export const CONSOLE_PATH = '/_console/';
const PAGE_PATH = '/staff-console';

export function mountConsole(app: Hono<PortalEnv>, render: (request: Request, site: Site) => Promise<Response>): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.req.path;
    if (path === PAGE_PATH || path === `${PAGE_PATH}/`) return c.notFound();
    if (path === '/_console') return c.redirect(`${CONSOLE_PATH}${new URL(c.req.url).search}`, 301);
    if (path !== CONSOLE_PATH) return next();
    const url = new URL(c.req.url);
    const request = new Request(`${url.origin}${PAGE_PATH}${url.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
    });
    const rendered = await render(request, c.var.site);
    const headers = new Headers(rendered.headers);
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Robots-Tag', 'noindex, nofollow');
    return new Response(rendered.body, { status: rendered.status, headers });
  });
}
