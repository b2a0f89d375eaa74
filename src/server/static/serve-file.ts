/**
 * Serves one file from disk as a web Response: ETag and Last-Modified validators, 304, HEAD,
 * single byte ranges, and the .br / .gz twin written at build time when the client accepts it.
 * Small files are kept in memory, keyed by inode and mtime, so a rebuild's swap is seen at once.
 */
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { etagOf, ifRangeHolds, isNotModified, parseRange, preferredEncodings } from './conditional.ts';
import { contentTypeOf, isCompressible } from './mime.ts';

export type ServeOptions = {
  cacheControl: string;
  /** allow Range requests (assets); pages answer whole */
  ranges?: boolean;
  status?: number;
};

type Variant = { path: string; encoding: 'br' | 'gzip' | null; size: number; mtimeMs: number; ino: number };

const MAX_CACHED_FILE = 512 * 1024;
const MAX_CACHE_BYTES = 96 * 1024 * 1024;
const bodies = new Map<string, { key: string; body: Buffer }>();
let cachedBytes = 0;

function keyOf(s: Stats): string {
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
}

async function statFile(path: string): Promise<Stats | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

async function readCached(path: string, s: Stats): Promise<Buffer> {
  const key = keyOf(s);
  const hit = bodies.get(path);
  if (hit && hit.key === key) {
    bodies.delete(path);
    bodies.set(path, hit);
    return hit.body;
  }
  const body = await readFile(path);
  if (body.length <= MAX_CACHED_FILE) {
    if (hit) cachedBytes -= hit.body.length;
    bodies.set(path, { key, body });
    cachedBytes += body.length;
    for (const [oldPath, old] of bodies) {
      if (cachedBytes <= MAX_CACHE_BYTES) break;
      bodies.delete(oldPath);
      cachedBytes -= old.body.length;
    }
  }
  return body;
}

async function chooseVariant(path: string, original: Stats, acceptEncoding: string | null): Promise<Variant> {
  for (const encoding of preferredEncodings(acceptEncoding)) {
    const suffix = encoding === 'br' ? '.br' : '.gz';
    const s = await statFile(path + suffix);
    // A twin older than its original is stale (the original was edited in place): ignore it.
    if (s && s.mtimeMs >= original.mtimeMs)
      return { path: path + suffix, encoding, size: s.size, mtimeMs: original.mtimeMs, ino: s.ino };
  }
  return { path, encoding: null, size: original.size, mtimeMs: original.mtimeMs, ino: original.ino };
}

/** Serves `path` for `request`; null when there is no such file. */
export async function serveFile(request: Request, path: string, options: ServeOptions): Promise<Response | null> {
  const original = await statFile(path);
  if (!original) return null;
  const compressible = isCompressible(path);
  const variant = compressible ? await chooseVariant(path, original, request.headers.get('accept-encoding')) : null;
  const encoding = variant?.encoding ?? null;
  const etag = etagOf(original, encoding);
  const headers = new Headers({
    'Content-Type': contentTypeOf(path),
    'Cache-Control': options.cacheControl,
    ETag: etag,
    'Last-Modified': new Date(original.mtimeMs).toUTCString(),
  });
  if (compressible) headers.set('Vary', 'Accept-Encoding');
  if (encoding) headers.set('Content-Encoding', encoding);
  if (options.ranges && !encoding) headers.set('Accept-Ranges', 'bytes');

  const status = options.status ?? 200;
  if (
    status === 200 &&
    isNotModified(
      { ifNoneMatch: request.headers.get('if-none-match'), ifModifiedSince: request.headers.get('if-modified-since') },
      etag,
      original.mtimeMs,
    )
  ) {
    return new Response(null, { status: 304, headers });
  }

  const file = variant?.path ?? path;
  const size = variant?.size ?? original.size;
  let range = null as ReturnType<typeof parseRange>;
  if (
    options.ranges &&
    !encoding &&
    status === 200 &&
    ifRangeHolds(request.headers.get('if-range'), etag, original.mtimeMs)
  ) {
    range = parseRange(request.headers.get('range'), size);
  }
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.delete('Content-Type');
    return new Response(null, { status: 416, headers });
  }
  const head = request.method === 'HEAD';
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    if (head) return new Response(null, { status: 206, headers });
    const stream = createReadStream(file, { start: range.start, end: range.end });
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 206, headers });
  }
  headers.set('Content-Length', String(size));
  if (head) return new Response(null, { status, headers });
  if (size > MAX_CACHED_FILE) {
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, { status, headers });
  }
  const fileStats = file === path ? original : await statFile(file);
  if (!fileStats) return null;
  const body = await readCached(file, fileStats);
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status,
    headers,
  });
}
