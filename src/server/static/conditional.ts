/**
 * HTTP validators and ranges for static files (RFC 9110 sections 13 and 14).
 */

/**
 * The one ETag of a file version: size, mtime and inode of the original, and which twin is sent.
 * Both ways a prebuilt file is served (prebuilt-cache.ts, serve-file.ts) must agree, or a client
 * revalidating through the other one would never get its 304.
 */
export function etagOf(
  original: { size: number; mtimeMs: number; ino: number },
  encoding: 'br' | 'gzip' | null,
): string {
  const base = `${original.size.toString(16)}-${Math.floor(original.mtimeMs).toString(16)}-${original.ino.toString(16)}`;
  return `"${base}${encoding ? `-${encoding === 'br' ? 'br' : 'gz'}` : ''}"`;
}

/** True when an If-None-Match header lists this ETag (weak comparison) or '*'. */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/** True when the resource has not changed since an If-Modified-Since date (second precision). */
export function notModifiedSince(header: string | null, mtimeMs: number): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Decides a conditional GET: 304 when If-None-Match matches, or (without it) If-Modified-Since holds. */
export function isNotModified(
  request: { ifNoneMatch: string | null | undefined; ifModifiedSince: string | null | undefined },
  etag: string,
  mtimeMs: number,
): boolean {
  if (request.ifNoneMatch) return etagMatches(request.ifNoneMatch, etag);
  return notModifiedSince(request.ifModifiedSince ?? null, mtimeMs);
}

export type ByteRange = { start: number; end: number };

/**
 * Parses a single 'bytes=' range against a size. Returns the range, 'unsatisfiable', or null when
 * the header is absent, malformed, invalid (last before first) or asks for several ranges, or the
 * file is empty: then the whole file is sent (RFC 9110 section 14.2 lets a server ignore Range).
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    if (size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}

/** If-Range: the range applies only when the validator still names this version. */
export function ifRangeHolds(header: string | null, etag: string, mtimeMs: number): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === etag;
  // a date names this version only when it is exactly its Last-Modified (RFC 9110 section 13.1.5)
  return Date.parse(value) === Math.floor(mtimeMs / 1000) * 1000;
}

export type Encoding = 'br' | 'gzip';

/**
 * The precompressed encodings an Accept-Encoding header allows, the client's preferred (highest q)
 * first; between equal q values ours: br, then gzip. Empty when only identity will do.
 */
export function preferredEncodings(header: string | null): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}
