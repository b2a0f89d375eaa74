/**
 * Verification codes for an address (e-mail or phone) and a purpose ('subscribe', 'register' …):
 * random digits from node:crypto, stored only as a salted SHA-256, expiring, single use, a few
 * wrong guesses per code, and rate-limited per address (one count for every purpose and site, an
 * hourly and a daily one) and per client IP with counters kept in the store (so every HTTP worker
 * shares them).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  VERIFICATION_CODE_DAY_MS,
  VERIFICATION_CODE_DIGITS,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODE_WINDOW_MS,
  VERIFICATION_CODES_PER_ADDRESS,
  VERIFICATION_CODES_PER_ADDRESS_DAY,
  VERIFICATION_CODES_PER_IP,
} from '../../lib/constants.ts';
import type { Db } from '../store/db.ts';
import {
  countCodeAttempt,
  hitRateLimit,
  insertVerificationCode,
  markCodeUsed,
  openVerificationCode,
  pruneRateLimits,
} from '../store/verification-codes.ts';

export type IssuedCode = { ok: true; code: string } | { ok: false; reason: 'rateLimited' };

/** Addresses compare case-insensitively and without surrounding blanks. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`, 'utf8').digest();
}

function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, code).toString('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function randomCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_DIGITS)).padStart(VERIFICATION_CODE_DIGITS, '0');
}

const windowOf = (now: Date, windowMs: number) =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();

/**
 * Creates a code unless the address or the IP has asked for too many. The address counts alone,
 * not with the purpose or site: each purpose and site having its own count let one number receive
 * dozens of texts a minute.
 */
export async function issueVerificationCode(
  db: Db,
  request: { purpose: string; address: string; ip: string; now: Date },
): Promise<IssuedCode> {
  const address = normalizeAddress(request.address);
  await pruneRateLimits(db, new Date(request.now.getTime() - VERIFICATION_CODE_DAY_MS).toISOString());
  const perIp = await hitRateLimit(db, `code-ip:${request.ip}`, windowOf(request.now, VERIFICATION_CODE_WINDOW_MS));
  if (perIp > VERIFICATION_CODES_PER_IP) return { ok: false, reason: 'rateLimited' };
  const perAddress = await hitRateLimit(
    db,
    `code-address:${address}`,
    windowOf(request.now, VERIFICATION_CODE_WINDOW_MS),
  );
  if (perAddress > VERIFICATION_CODES_PER_ADDRESS) return { ok: false, reason: 'rateLimited' };
  // counted only past the hourly limit, so that hammering one hour does not use up the owner's day
  const perDay = await hitRateLimit(db, `code-address-day:${address}`, windowOf(request.now, VERIFICATION_CODE_DAY_MS));
  if (perDay > VERIFICATION_CODES_PER_ADDRESS_DAY) return { ok: false, reason: 'rateLimited' };
  const code = randomCode();
  await insertVerificationCode(db, {
    purpose: request.purpose,
    address,
    codeHash: hashCode(code),
    expiresAt: new Date(request.now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString(),
    createdAt: request.now.toISOString(),
  });
  return { ok: true, code };
}

/** True once for the right code of the newest open one; a wrong guess counts against it. */
export async function consumeVerificationCode(
  db: Db,
  request: { purpose: string; address: string; code: string; now: Date },
): Promise<boolean> {
  const stored = await openVerificationCode(
    db,
    request.purpose,
    normalizeAddress(request.address),
    request.now.toISOString(),
  );
  if (!stored || stored.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return false;
  if (!codeMatches(stored.codeHash, request.code.trim())) {
    await countCodeAttempt(db, stored.id);
    return false;
  }
  return markCodeUsed(db, stored.id, request.now.toISOString());
}
