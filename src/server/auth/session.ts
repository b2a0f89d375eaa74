/**
 * Member sessions. The client holds a random token; the store keeps only its SHA-256 (hex), so a
 * leaked database does not hand out live sessions. A session is valid for one site only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_DAYS } from '../../lib/constants.ts';
import type { Db } from '../store/db.ts';
import { deleteSession, insertSession, sessionByTokenHash } from '../store/sessions.ts';
import { tokenCookieName } from './cookies.ts';

export type MemberSession = { userId: number; siteId: number };

const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Every value the Cookie header holds under this name, in order. */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      values.push(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      values.push('');
    }
  }
  return values;
}

/**
 * The token of a request: the `token` header, else the session cookie of the request's scheme
 * (`__Host-commonToken` over HTTPS, which no sister sub-domain can set; `commonToken` over plain
 * HTTP); null when absent or malformed. Two different session cookies mean a sister sub-domain
 * planted one for the parent domain: neither is believed. The legacy `token` cookie is no source:
 * any sub-domain could set it for every site.
 */
export function requestToken(
  tokenHeader: string | null | undefined,
  cookieHeader: string | null | undefined,
  secure: boolean,
): string | null {
  const header = tokenHeader?.trim();
  if (header) return TOKEN_SHAPE.test(header) ? header : null;
  const values = new Set(cookieValues(cookieHeader, tokenCookieName(secure)).map((value) => value.trim()));
  if (values.size !== 1) return null;
  const [token = ''] = values;
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** The live session of this token on this site, or null (unknown, expired, or another site's). */
export async function findSession(db: Db, token: string, siteId: number, now: Date): Promise<MemberSession | null> {
  const row = await sessionByTokenHash(db, hashToken(token));
  if (!row || row.siteId !== siteId) return null;
  const expires = Date.parse(row.expiresAt);
  if (!Number.isFinite(expires) || expires <= now.getTime()) return null;
  return { userId: row.userId, siteId };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** Starts a session of the member on this site; returns the token (only its hash is stored). */
export async function startSession(
  db: Db,
  userId: number,
  siteId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    siteId,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}
