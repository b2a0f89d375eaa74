/**
 * Before any step reads a request: its body size and its method, by route kind. The body limits of
 * every kind are in one table (bodyLimits); a body above its kind's limit is refused with 413
 * before it is read (Content-Length says so, or a chunked body is cut off at the limit), and the
 * socket is closed rather than drained. Pages and files answer GET and HEAD only: 405 otherwise.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_STATUS } from '../../lib/api-paths.ts';
import { IMPORT_PATH, IMPORT_UPLOAD_MAX_BYTES } from '../admin/content-import.ts';
import { message } from '../api/envelope.ts';
import { requestLang } from '../api/index.ts';
import { UPLOAD_ROUTES, uploadBodyLimit, uploadSizeMessage } from '../api/uploads.ts';
import type { PortalConfig } from '../config.ts';
import { noticePage } from '../static/notice-page.ts';
import type { PortalEnv } from './env.ts';
import { FORM_PATHS } from './form-fallback.ts';

/** What a path is, for its limits. Uploads are the API routes that take a file; forms, the pages a form without JavaScript posts to. */
export type RouteKind = 'page' | 'form' | 'api' | 'upload' | 'admin' | 'import';

export function routeKind(path: string): RouteKind {
  if (Object.hasOwn(UPLOAD_ROUTES, path)) return 'upload';
  if (FORM_PATHS.includes(path)) return 'form';
  // OAI-PMH harvesters may POST their (small, form-encoded) arguments: a protocol endpoint, like the API
  if (path.startsWith('/rc-pub/') || path === '/oai' || path === '/oai/') return 'api';
  if (IMPORT_PATH.test(path)) return 'import';
  if (path.startsWith('/_admin/')) return 'admin';
  return 'page';
}

/** The largest body each kind of route reads, in bytes: pages read none; an upload, its route's own. */
export function bodyLimits(
  config: Pick<PortalConfig, 'apiBodyLimit'>,
): Record<Exclude<RouteKind, 'upload' | 'import'>, number> {
  return { page: 0, form: FORM_BODY_LIMIT, api: config.apiBodyLimit, admin: ADMIN_BODY_LIMIT };
}

/** an account and a password, form-encoded */
const FORM_BODY_LIMIT = 8 * 1024;

/** a menu edit or a rebuild request: small JSON */
const ADMIN_BODY_LIMIT = 256 * 1024;

/** the methods a page or a static file answers */
const PAGE_METHODS = ['GET', 'HEAD'] as const;
const FORM_METHODS = ['GET', 'HEAD', 'POST'] as const;

const tooLarge = (c: Context<PortalEnv>, kind: RouteKind): Response => {
  // the unread body stays on the socket: close it rather than let node drain it
  const headers = { Connection: 'close', 'Cache-Control': 'no-store' };
  if (kind === 'page' || kind === 'form') return c.html(noticePage('payloadTooLarge'), 413, headers);
  const lang = requestLang(c);
  // an upload too large is told the limit of its picture (docs/product-rules.md#uploads), in the reader's language
  const key = kind === 'upload' ? uploadSizeMessage(c.req.path) : 'payloadTooLarge';
  return c.json({ status: API_STATUS.payloadTooLarge, message: message(lang, key), data: null }, 413, headers);
};

/** Refuses bodies above the route kind's limit (the first step: nothing has read the body yet). */
export function bodyLimitStep(
  limits: Record<Exclude<RouteKind, 'upload' | 'import'>, number>,
): MiddlewareHandler<PortalEnv> {
  const readers = {
    api: bodyLimit({ maxSize: limits.api, onError: (c) => tooLarge(c as Context<PortalEnv>, 'api') }),
    admin: bodyLimit({ maxSize: limits.admin, onError: (c) => tooLarge(c as Context<PortalEnv>, 'admin') }),
    form: bodyLimit({ maxSize: limits.form, onError: (c) => tooLarge(c as Context<PortalEnv>, 'form') }),
  };
  return async (c, next) => {
    const kind = routeKind(c.req.path);
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (length !== undefined && !/^\d+$/.test(length)) return tooLarge(c, kind);
    const limit =
      kind === 'upload' ? uploadBodyLimit(c.req.path) : kind === 'import' ? IMPORT_UPLOAD_MAX_BYTES : limits[kind];
    if (length !== undefined && Number(length) > limit) return tooLarge(c, kind);
    if (kind === 'page') return chunked ? tooLarge(c, kind) : next();
    // the upload and import routes read their chunked bodies with their own limits
    if (kind === 'upload' || kind === 'import') return next();
    // a chunked body names no length: it is read up to the limit and no further
    return readers[kind](c, next);
  };
}

/** Pages, files and redirects answer GET and HEAD, form pages POST too; the APIs (mounted before this) keep their own. */
export const pageMethodStep: MiddlewareHandler<PortalEnv> = async (c, next) => {
  const kind = routeKind(c.req.path);
  const allowed: readonly string[] = kind === 'form' ? FORM_METHODS : PAGE_METHODS;
  if (allowed.includes(c.req.method) || (kind !== 'page' && kind !== 'form')) return next();
  return c.html(noticePage('methodNotAllowed'), 405, { Allow: allowed.join(', '), 'Cache-Control': 'no-store' });
};
