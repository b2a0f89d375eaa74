/**
 * Whether a state-changing request came from the site's own pages (CSRF). The sites are
 * sub-domains of one BASE_DOMAIN, so they are same-site to each other and SameSite=Lax cookies go
 * along with a sister site's posts: only the origin tells a site's own page from another's.
 */

/** The request's Origin and fetch metadata as the browser sent them, and the Host it was sent to. */
export type RequestOrigin = {
  origin: string | null | undefined;
  fetchSite: string | null | undefined;
  host: string | null | undefined;
};

function sameHost(origin: string, host: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const wanted = host.trim().toLowerCase();
  // a proxy may pass Host without the port the browser used ($host in nginx)
  return url.host === wanted || (!wanted.includes(':') && url.hostname === wanted);
}

/**
 * True when a browser says the request is same-origin (Sec-Fetch-Site), or its Origin names the
 * Host; false for another origin, a sister sub-domain, or Origin 'null'. A request with neither
 * header is no browser's (browsers send Origin with every POST and DELETE), so it passes: a
 * script with its own token needs no browser's cookies to forge.
 */
export function fromOwnOrigin(request: RequestOrigin): boolean {
  const fetchSite = request.fetchSite?.trim().toLowerCase();
  if (fetchSite === 'same-origin') return true;
  if (fetchSite && fetchSite !== 'none') return false;
  if (request.origin === undefined || request.origin === null) return !fetchSite;
  return Boolean(request.host) && sameHost(request.origin, request.host ?? '');
}

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
