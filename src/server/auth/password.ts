/**
 * Password hashing with node:crypto scrypt. Stored form: `scrypt$N$r$p$saltB64$hashB64`, so the
 * cost can be raised later without breaking older hashes.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** `salt` is for reproducible demo data only; real callers let it be random. */
export function hashPassword(password: string, salt: Uint8Array = randomBytes(SALT_LENGTH)): string {
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, Buffer.from(salt).toString('base64'), hash.toString('base64')].join(
    '$',
  );
}

/** True when `password` matches `stored`; any malformed stored value simply does not match. */
export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map((part) => Number(part));
  if (!n || !r || !p || !Number.isInteger(n) || n > 1_048_576 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = scryptSync(password.normalize('NFKC'), salt, expected.length, {
      N: n,
      r,
      p,
      maxmem: 256 * n * r + 1024 * 1024,
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
