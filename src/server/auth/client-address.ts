/** The client's address for rate limits: the TCP peer, or the last X-Forwarded-For hop a trusted proxy added. */
import { normalizeAddress } from '../host.ts';

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly string[],
): string {
  const forwarded = forwardedFor?.split(',').at(-1)?.trim();
  if (forwarded && trustedProxies.map(normalizeAddress).includes(normalizeAddress(peer))) return forwarded;
  return normalizeAddress(peer) || 'unknown';
}
