/**
 * The book-cloud jump token: who (site and user name) and until when, signed with HMAC-SHA256.
 * It replaces rc-pub's "stored encrypted password" in the jump URL (docs/product-rules.md#book-cloud) (see docs/decisions.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

type Claims = { site: number; user: string; exp: number };

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function bookToken(claims: Claims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** @internal The claims of a token signed with `secret` and not expired at `now`, else null (the book site's side, here for the tests). */
export function readBookToken(token: string, secret: string, now: Date): Claims | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    return claims.exp > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}
