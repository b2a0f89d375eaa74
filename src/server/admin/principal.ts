/**
 * Who calls the admin API, and which sites they may read and change: the platform token
 * (REBUILD_TOKEN: every site), a site's own API token (that site only), or a staff member's console
 * session (an administrator: every site; an editor: the sites granted to them).
 */
import type { Context } from 'hono';
import { isHttps } from '../auth/cookies.ts';
import { hashToken } from '../auth/session.ts';
import { staffOfToken, staffToken } from '../auth/staff-session.ts';
import type { Db } from '../store/db.ts';
import { siteTokenByHash } from '../store/site-tokens.ts';
import type { StaffAccount } from '../store/staff.ts';
import { bearerMatches } from './auth.ts';

export type Principal =
  | { kind: 'platform' }
  | { kind: 'token'; id: number; site: string; label: string }
  | { kind: 'staff'; staff: StaffAccount };

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})$/i;

export function secureRequest(c: Context): boolean {
  return isHttps(c.req.url, c.req.header('x-forwarded-proto'));
}

/** The caller of this request, or null (no credentials, or none that is valid). */
export async function principalOf(
  c: Context,
  db: Db,
  platformToken: string | undefined,
  now: Date,
): Promise<Principal | null> {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    if (bearerMatches(authorization, platformToken)) return { kind: 'platform' };
    const bearer = BEARER.exec(authorization.trim())?.[1];
    const token = bearer ? await siteTokenByHash(db, hashToken(bearer)) : null;
    return token ? { kind: 'token', id: token.id, site: token.site, label: token.label } : null;
  }
  const session = staffToken(c.req.header('cookie'), secureRequest(c));
  if (!session) return null;
  const staff = await staffOfToken(db, session, now);
  return staff ? { kind: 'staff', staff } : null;
}

/** Whether the caller may read and change this site. */
export function mayManage(principal: Principal, sld: string): boolean {
  if (principal.kind === 'platform') return true;
  if (principal.kind === 'token') return principal.site === sld;
  return principal.staff.role === 'admin' || principal.staff.sites.includes(sld);
}

/** The caller may manage every site (and create editors and tokens). */
export function isPlatformWide(principal: Principal): boolean {
  return principal.kind === 'platform' || (principal.kind === 'staff' && principal.staff.role === 'admin');
}

/** The name the audit log records for the caller. */
export function actorOf(principal: Principal): string {
  if (principal.kind === 'platform') return 'platform-token';
  if (principal.kind === 'token') return `token:${principal.label}#${principal.id}`;
  return `staff:${principal.staff.email}`;
}

/** The admin app's context: the caller, set by its first middleware. */
export type AdminEnv = { Variables: { principal: Principal } };
