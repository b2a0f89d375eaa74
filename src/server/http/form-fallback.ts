/**
 * The login page's form without JavaScript: the island's server HTML is a real form (method post,
 * to the page's own URL), so a browser without scripts posts account and password here. The step
 * hands them to the API's own login call (the same limits, picture code and session cookies), then
 * answers 303: to the personal centre with the cookies, or back to the login page with `?problem=`
 * naming the refusal, which the page says. A post from another origin is refused (login CSRF).
 */
import type { Hono } from 'hono';
import { dictionary } from '../../i18n/index.ts';
import { API_HEADERS, apiPaths } from '../../lib/api-paths.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import { LOGIN_FORM_PROBLEMS, type LoginFormProblem } from '../../lib/login-form.ts';
import { LOGIN_PATH, otherPages } from '../../lib/routes.ts';
import { noticePage } from '../static/notice-page.ts';
import { langOf, type PortalEnv } from './env.ts';

/** the pages a form without JavaScript posts to */
export const FORM_PATHS = [LOGIN_PATH];

type ApiApp = { fetch(request: Request, env: unknown): Response | Promise<Response> };

function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Which of the login form's problems the API's message is (the API answers text, in the page's language). */
function problemOf(message: string, lang: 'zh' | 'en'): LoginFormProblem {
  const api = dictionary(lang).api as Record<string, string>;
  return LOGIN_FORM_PROBLEMS.find((key) => api[key] === message) ?? 'loginFormFailed';
}

/** Mounts POST /login; `api` is the local API (null in upstream mode: the form then answers 405 as before). */
export function mountFormFallback(app: Hono<PortalEnv>, api: ApiApp | null): void {
  app.post(LOGIN_PATH, async (c) => {
    if (!api) return c.html(noticePage('methodNotAllowed'), 405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' });
    const lang = langOf(c);
    c.header('Cache-Control', 'no-store');
    if (!sameOrigin(c.req.header('origin'), c.req.header('host'))) return c.html(noticePage('methodNotAllowed'), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const headers = new Headers({ 'content-type': 'application/json', [API_HEADERS.language]: lang });
    for (const name of ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-proto']) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const body = JSON.stringify({ account: field('account'), password: field('password') });
    const answer = await api.fetch(
      new Request(new URL(apiPaths.login, c.req.url), { method: 'POST', headers, body }),
      c.env,
    );
    const envelope = (await answer.json().catch(() => null)) as { status?: number; message?: string } | null;
    if (envelope?.status === 0) {
      for (const cookie of answer.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.redirect(sameOriginLocation(otherPages.personal(lang)), 303);
    }
    return c.redirect(
      sameOriginLocation(otherPages.login(lang, { problem: problemOf(envelope?.message ?? '', lang) })),
      303,
    );
  });
}
