/** Rate limits over the store's fixed-window counters: past the limit a call answers status 429. */
import type { Context } from 'hono';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT, LOGIN_WINDOW_MS } from '../../lib/constants.ts';
import { clientAddress } from '../auth/client-address.ts';
import { rateLimitCount } from '../store/rate-limits.ts';
import { hitRateLimit } from '../store/verification-codes.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';

export const TOO_MANY_REQUESTS = 429;

export function windowStart(now: Date, windowMs: number): string {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
}

/** Counts one call in the bucket; refuses it when the window already holds `limit` calls. */
export async function limit(deps: ResolvedDeps, bucket: string, max: number, windowMs: number): Promise<void> {
  const count = await hitRateLimit(deps.db, bucket, windowStart(deps.now(), windowMs));
  if (count > max) throw new ApiError(TOO_MANY_REQUESTS, 'tooManyRequests');
}

export async function count(deps: ResolvedDeps, bucket: string, windowMs: number): Promise<number> {
  return rateLimitCount(deps.db, bucket, windowStart(deps.now(), windowMs));
}

export function clientIp(c: Context, deps: ResolvedDeps): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return clientAddress(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), deps.trustedProxies);
}

/**
 * The login group's limits, counted before anything about the account is looked up: per client
 * address and per account (site and account, e-mail addresses in lower case). Every call whose
 * answer tells accounts apart or tests a secret (password login and binding, quick login, the
 * codes it sends, the password reset) shares these two buckets.
 */
export async function limitLoginAttempt(
  c: Context,
  deps: ResolvedDeps,
  siteId: number,
  account: string,
): Promise<void> {
  await limit(deps, `login-ip:${clientIp(c, deps)}`, LOGIN_IP_LIMIT, LOGIN_WINDOW_MS);
  await limit(deps, `login-account:${siteId}:${account.toLowerCase()}`, LOGIN_ACCOUNT_LIMIT, LOGIN_WINDOW_MS);
}

/**
 * The per-account limit once the account is known: one count per member, whichever of its user
 * name, mobile number or e-mail address was typed (each would otherwise have its own bucket).
 */
export async function limitMemberAttempt(deps: ResolvedDeps, siteId: number, memberId: number): Promise<void> {
  await limit(deps, `login-member:${siteId}:${memberId}`, LOGIN_ACCOUNT_LIMIT, LOGIN_WINDOW_MS);
}
