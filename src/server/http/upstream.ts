/**
 * Upstream mode (RC_PUB_ORIGIN set): the portal holds no content, so every rc-pub call, whatever
 * its path, is passed to the upstream with the request's site, language and member token; nothing
 * is answered from the local database.
 */
import type { Context } from 'hono';
import { API_HEADERS, API_STATUS } from '../../lib/api-paths.ts';
import { failure } from '../api/envelope.ts';
import { ApiError } from '../api/errors.ts';
import { requestLang } from '../api/index.ts';
import { clearedLoginCookies, isHttps } from '../auth/cookies.ts';
import { fromOwnOrigin } from '../auth/same-origin.ts';
import { requestToken } from '../auth/session.ts';
import type { SiteForHost } from '../host.ts';
import type { PortalEnv } from './env.ts';

/** request headers the upstream needs to answer the same call (conditional GETs included) */
const PASSED = ['accept', 'content-type', 'if-none-match', 'if-modified-since', 'range'];
/** response headers that describe the upstream connection, not the answer (fetch has decoded the body) */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

export function upstreamApi(origin: string, siteForHost: SiteForHost): (c: Context<PortalEnv>) => Promise<Response> {
  const base = origin.replace(/\/+$/, '');
  return async (c) => {
    const request = c.req.raw;
    // the proxy turns the session cookie into the upstream's token header: the same CSRF rule as the local API
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      !fromOwnOrigin({
        origin: request.headers.get('origin'),
        fetchSite: request.headers.get('sec-fetch-site'),
        host: request.headers.get('host'),
      })
    ) {
      return failure(c, requestLang(c), new ApiError(API_STATUS.forbidden, 'crossSiteRefused'));
    }
    const url = new URL(request.url);
    const headers = new Headers();
    for (const name of PASSED) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    headers.set(API_HEADERS.language, requestLang(c));
    const token = requestToken(
      request.headers.get(API_HEADERS.token),
      request.headers.get('cookie'),
      isHttps(request.url, request.headers.get('x-forwarded-proto')),
    );
    if (token) headers.set(API_HEADERS.token, token);
    const named = request.headers.get(API_HEADERS.siteId);
    const site = named ? null : await siteForHost(request.headers.get('host') ?? '');
    if (named) headers.set(API_HEADERS.siteId, named);
    else if (site) headers.set(API_HEADERS.siteId, String(site.id));
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, redirect: 'manual' };
    if (request.body && request.method !== 'GET' && request.method !== 'HEAD')
      Object.assign(init, { body: request.body, duplex: 'half' });
    const answer = await fetch(base + url.pathname + url.search, init);
    const passed = new Headers();
    answer.headers.forEach((value, name) => {
      if (!DROPPED.has(name)) passed.append(name, value);
    });
    if (answer.status !== 200 || request.method === 'HEAD' || !answer.headers.get('content-type')?.includes('json'))
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: passed });
    // The login cookies are this portal's (the upstream only sees the token header): a 401 envelope
    // clears them here, as the local API's does, since the browser cannot drop the HttpOnly one.
    const text = await answer.text();
    if (envelopeStatus(text) === API_STATUS.unauthorized) {
      for (const cookie of clearedLoginCookies(isHttps(request.url, request.headers.get('x-forwarded-proto'))))
        passed.append('set-cookie', cookie);
    }
    return new Response(text, { status: answer.status, statusText: answer.statusText, headers: passed });
  };
}

function envelopeStatus(text: string): unknown {
  try {
    return (JSON.parse(text) as { status?: unknown } | null)?.status;
  } catch {
    return undefined;
  }
}
