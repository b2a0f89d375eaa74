/** Which site a request is about, and whether it may ask about it. */
import { z } from 'zod';
import type { Site } from '../../content/types.ts';
import { API_HEADERS, API_STATUS } from '../../lib/api-paths.ts';
import { isHttps } from '../auth/cookies.ts';
import { findSession, type MemberSession, requestToken } from '../auth/session.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { idParam } from './params.ts';
import type { ApiContext } from './route.ts';
import { validate } from './validate.ts';

const siteIdInput = z.object({ siteId: idParam });

/** The site the Host header names, or null (e.g. 127.0.0.1, the server-to-server origin). */
export async function hostSite(c: ApiContext, deps: ResolvedDeps): Promise<Site | null> {
  const host = c.req.header('host');
  if (!deps.siteForHost || !host) return null;
  return deps.siteForHost(host);
}

/**
 * The site a call names: path `siteId`, else query `siteId`, else the `siteId` header, else the
 * Host's site. A Host that names a site only lets the request ask about that site (403 otherwise).
 */
export async function requestSite(c: ApiContext, deps: ResolvedDeps): Promise<Site> {
  const raw = c.req.param('siteId') ?? c.req.query('siteId') ?? c.req.header(API_HEADERS.siteId);
  const host = await hostSite(c, deps);
  if (raw === undefined || raw.trim() === '') {
    if (host) return host;
    throw new ApiError(API_STATUS.badRequest, 'invalidParameter', { field: 'siteId' });
  }
  const { siteId } = validate(siteIdInput, { siteId: raw }, 'siteId');
  if (host && host.id !== siteId) throw new ApiError(API_STATUS.forbidden, 'siteMismatch');
  const site = host?.id === siteId ? host : await deps.source.findSiteById(siteId);
  if (!site) throw new ApiError(API_STATUS.notFound, 'siteNotFound');
  return site;
}

/** Expired and forbidden sites answer 10001; `data` lets lookups still say which site it was. */
export function ensureOpen(site: Site, data: unknown = null): void {
  if (site.status !== 'active') throw new ApiError(API_STATUS.siteUnavailable, 'siteForbidden', {}, data);
}

/** The live session of the request's token on this site, or null. */
export async function sessionOf(c: ApiContext, deps: ResolvedDeps, site: Site): Promise<MemberSession | null> {
  const token = requestToken(
    c.req.header(API_HEADERS.token),
    c.req.header('cookie'),
    isHttps(c.req.url, c.req.header('x-forwarded-proto')),
  );
  return token ? findSession(deps.db, token, site.id, deps.now()) : null;
}

/** The live session of the request's token on this site, else status 401. */
export async function requireMember(c: ApiContext, deps: ResolvedDeps, site: Site): Promise<MemberSession> {
  const session = await sessionOf(c, deps, site);
  if (!session) throw new ApiError(API_STATUS.unauthorized, 'unauthorized');
  return session;
}
