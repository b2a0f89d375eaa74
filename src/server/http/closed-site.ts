/**
 * The gate of a closed site (expired or forbidden), before the redirects: its public files load
 * (the notice shows the platform's logo, browsers ask for the favicon), and every other path
 * answers the notice itself, 403, in the visitor's language, at the URL that was asked for. The
 * notice pages (/forbiddenPage, /errorPage) render as pages; the API answers 10001 on its own.
 */
import type { Hono } from 'hono';
import type { Site } from '../../content/types.ts';
import type { Lang } from '../../lib/lang.ts';
import { otherPages } from '../../lib/routes.ts';
import { langOf, type PortalEnv } from './env.ts';

const NOTICE_PAGES = /^\/(forbiddenPage|errorPage)\/?$/;

export type ClosedSiteDeps = {
  /** a file of the build's public folder (favicon, pictures), or null */
  publicFile(request: Request): Promise<Response | null>;
  /** the rendered notice page (/forbiddenPage?lang=) of the site */
  notice(request: Request, site: Site): Promise<Response>;
};

export function mountClosedSiteGate(app: Hono<PortalEnv>, deps: ClosedSiteDeps): void {
  app.use('*', async (c, next) => {
    const site = c.var.site;
    if (site.status === 'active' || NOTICE_PAGES.test(c.req.path)) return next();
    const file = await deps.publicFile(c.req.raw);
    if (file) return file;
    const answer = await deps.notice(noticeRequest(c.req.raw, langOf(c)), site);
    // the notice stands at any URL and in the cookie's language: no cache keeps it
    const headers = new Headers(answer.headers);
    headers.set('Cache-Control', 'no-store');
    return new Response(answer.body, { status: answer.status >= 500 ? answer.status : 403, headers });
  });
}

/** The request for the notice page in that language, with the visitor's headers (a form's POST reads it as a GET: its body is not for a closed site). */
function noticeRequest(request: Request, lang: Lang): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('content-type');
  return new Request(new URL(otherPages.forbiddenPage(lang), request.url), {
    method: request.method === 'HEAD' ? 'HEAD' : 'GET',
    headers,
  });
}
