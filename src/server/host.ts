/**
 * Host → site. A site answers at {sld}.localhost[:port], {sld}.{BASE_DOMAIN} and its own domain.
 * X-Forwarded-Host is believed only when the TCP peer is a configured trusted proxy, so a visitor
 * cannot pick another site's content by sending the header themselves.
 */
import type { ContentSource } from '../content/source.ts';
import type { Site } from '../content/types.ts';

export type SiteForHost = (host: string) => Promise<Site | null>;

/** Lower-cased host name without port or trailing dot; '' when the header is unusable. */
export function hostName(header: string | null | undefined): string {
  if (!header) return '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  const withoutPort = first.startsWith('[') ? first.slice(0, first.indexOf(']') + 1) : first.replace(/:\d*$/, '');
  const name = withoutPort.replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(name) ? name : '';
}

/** The sld a host name names by convention, or null when only a domain lookup can tell. */
const HOST_HEADER = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin the client used (its Host header when well-formed): absolute links in feeds and OAI-PMH answers name it. */
export function requestOrigin(url: string, hostHeader: string | undefined): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${hostHeader && HOST_HEADER.test(hostHeader) ? hostHeader : parsed.host}`;
}

export function sldFromHost(name: string, baseDomain: string): string | null {
  for (const suffix of ['.localhost', `.${baseDomain}`]) {
    if (name.endsWith(suffix)) {
      const sld = name.slice(0, -suffix.length);
      return /^[a-z0-9-]+$/.test(sld) ? sld : null;
    }
  }
  return null;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * A site's own domain as it is stored: a lower-case host name. 'https://Www.Example.org/' is taken
 * as 'www.example.org'; null when what is left is not a host name.
 */
export function siteDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  return HOST_NAME.test(host) ? host : null;
}

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 peers on dual-stack sockets. */
export function normalizeAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * The host the visitor asked for: X-Forwarded-Host only from a trusted proxy, else Host. A proxy
 * that appends to the header puts the value it saw last; the ones before came from the client.
 */
export function effectiveHost(
  headers: { host?: string | null; forwardedHost?: string | null },
  peerAddress: string | undefined,
  trustedProxies: readonly string[],
): string {
  const forwarded = headers.forwardedHost?.split(',').at(-1)?.trim();
  const trusted = forwarded && trustedProxies.map(normalizeAddress).includes(normalizeAddress(peerAddress));
  return (trusted ? forwarded : headers.host) ?? '';
}

/**
 * Resolves a Host header to a site. Results are cached briefly because every static request
 * asks; `forget()` drops the cache after an admin change.
 */
export function createSiteResolver(options: {
  source: ContentSource;
  baseDomain: string;
  ttlMs?: number;
  now?: () => number;
}): SiteForHost & {
  forget(): void;
} {
  const { source, baseDomain } = options;
  const ttl = options.ttlMs ?? 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { site: Site | null; at: number }>();

  const lookup = async (name: string): Promise<Site | null> => {
    const sld = sldFromHost(name, baseDomain);
    if (sld !== null) return source.findSiteBySld(sld);
    if (!name.includes('.')) return null;
    return source.findSiteByDomain(name);
  };

  const resolve = async (header: string): Promise<Site | null> => {
    const name = hostName(header);
    if (!name) return null;
    const hit = cache.get(name);
    if (hit && now() - hit.at < ttl) return hit.site;
    const site = await lookup(name);
    if (cache.size > 10_000) cache.clear();
    cache.set(name, { site, at: now() });
    return site;
  };
  return Object.assign(resolve, { forget: () => cache.clear() });
}
