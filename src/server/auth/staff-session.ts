/**
 * Sessions of the editors' console. The same random tokens stored hashed as members' sessions
 * (`hashToken`), in a cookie of their own: HttpOnly, SameSite=Strict (a console link followed from
 * anywhere else arrives without it) and, over HTTPS, `__Host-` prefixed so no sister sub-domain can
 * plant one. Staff sessions are not bound to a site: a staff member's sites are their grants.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { deleteStaffSession, insertStaffSession, type StaffAccount, staffBySessionHash } from '../store/staff.ts';
import { cookieValues, hashToken } from './session.ts';

const STAFF_COOKIE = 'staffToken';
/** shorter than a member's: an editor's session can change every page of a site */
const STAFF_SESSION_HOURS = 12;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

function staffCookieName(secure: boolean): string {
  return secure ? `__Host-${STAFF_COOKIE}` : STAFF_COOKIE;
}

export function staffCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${staffCookieName(secure)}=${encodeURIComponent(token)}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'SameSite=Strict',
    'HttpOnly',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session token of the request's cookie; null when absent, malformed or ambiguous. */
export function staffToken(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const values = new Set(cookieValues(cookieHeader, staffCookieName(secure)).map((value) => value.trim()));
  if (values.size !== 1) return null;
  const [token = ''] = values;
  return TOKEN_SHAPE.test(token) ? token : null;
}

export async function startStaffSession(
  db: Db,
  staffId: number,
  now: Date,
): Promise<{ token: string; maxAgeSeconds: number }> {
  const token = randomBytes(32).toString('base64url');
  const maxAgeSeconds = STAFF_SESSION_HOURS * 3600;
  await insertStaffSession(db, {
    tokenHash: hashToken(token),
    staffId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000).toISOString(),
  });
  return { token, maxAgeSeconds };
}

export function staffOfToken(db: Db, token: string, now: Date): Promise<StaffAccount | null> {
  return staffBySessionHash(db, hashToken(token), now);
}

export function endStaffSession(db: Db, token: string): Promise<void> {
  return deleteStaffSession(db, hashToken(token));
}
