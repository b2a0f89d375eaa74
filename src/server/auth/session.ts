/**
 * Member sessions. The client holds a random token; the store keeps only its SHA-256 (hex), so a
 * leaked database does not hand out live sessions. A session is valid for one site only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_DAYS, TOKEN_COOKIE } from '../../lib/constants.ts';
import { readCookie } from '../../lib/lang.ts';
import type { Db } from '../store/db.ts';
import { deleteSession, insertSession, sessionByTokenHash } from '../store/sessions.ts';

export type MemberSession = { userId: number; siteId: number };

/** cookie names a token may arrive in when the `token` header is absent */
const TOKEN_COOKIES = ['token', TOKEN_COOKIE];
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of a request: the `token` header, else a token cookie; null when absent or malformed. */
export function requestToken(tokenHeader: string | null | undefined, cookieHeader: string | null | undefined): string | null {
  const candidates = [tokenHeader, ...TOKEN_COOKIES.map((name) => readCookie(cookieHeader, name))];
  for (const candidate of candidates) {
    const token = candidate?.trim();
    if (token) return TOKEN_SHAPE.test(token) ? token : null;
  }
  return null;
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
export async function startSession(db: Db, userId: number, siteId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await insertSession(db, { tokenHash: hashToken(token), userId, siteId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
  return { token, expiresAt };
}
