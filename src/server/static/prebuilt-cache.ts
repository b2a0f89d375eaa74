/**
 * The fast path for prebuilt pages, on the raw Node request before any framework code runs.
 * Build folders are write-once (a rebuild writes a new folder and swaps a symlink), so a file read
 * from `.builds/{sld}.{stamp}/…` never changes: one readlink per request finds the live build and
 * everything else comes from memory. Anything unusual (a query, a method other than GET/HEAD, a
 * site folder that is not a symlink, an inactive site) is left to the full app.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../../content/types.ts';
import { acceptedEncodings, isNotModified } from './conditional.ts';
import { contentTypeOf } from './mime.ts';
import { fileForPath, queryNeedsRender } from './paths.ts';

type Variant = { body: Buffer; etag: string };
type Entry = { identity: Variant; br: Variant | null; gzip: Variant | null; type: string; lastModified: string; mtimeMs: number; size: number };

const MAX_BYTES = 128 * 1024 * 1024;
/** what a remembered miss costs, key included */
const NEGATIVE_BYTES = 256;
const NOT_PREBUILT = /^\/(rc-pub|_admin|_astro|_static)\//;

export type PrebuiltOptions = {
  sitesDir: string;
  /** the visited site, already resolved from the request (null: leave it to the app) */
  siteOf(req: IncomingMessage): Promise<Site | null>;
  cacheControl(file: string): string;
  /** called for each page (HTML) sent with 200 to a GET */
  onPage?(site: Site, req: IncomingMessage): void;
};

export function createPrebuiltServer(options: PrebuiltOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const cache = new Map<string, Entry | null>();
  let bytes = 0;

  const remember = (key: string, entry: Entry | null) => {
    const size = entry ? entry.identity.body.length + (entry.br?.body.length ?? 0) + (entry.gzip?.body.length ?? 0) : NEGATIVE_BYTES;
    cache.set(key, entry);
    bytes += size;
    // Oldest first: Map keeps insertion order, and hits re-insert.
    for (const [oldKey, old] of cache) {
      if (bytes <= MAX_BYTES) break;
      cache.delete(oldKey);
      bytes -= old ? old.identity.body.length + (old.br?.body.length ?? 0) + (old.gzip?.body.length ?? 0) : NEGATIVE_BYTES;
    }
  };

  const read = async (file: string): Promise<Entry | null> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const [identity, br, gzip] = await Promise.all([readFile(file), readFile(`${file}.br`).catch(() => null), readFile(`${file}.gz`).catch(() => null)]);
    const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${info.ino.toString(16)}`;
    return {
      identity: { body: identity, etag: `"${tag}"` },
      br: br ? { body: br, etag: `"${tag}-br"` } : null,
      gzip: gzip ? { body: gzip, etag: `"${tag}-gz"` } : null,
      type: contentTypeOf(file),
      lastModified: new Date(info.mtimeMs).toUTCString(),
      mtimeMs: info.mtimeMs,
      size: info.size,
    };
  };

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (pathname === '/' || NOT_PREBUILT.test(pathname)) return false;
    if (q >= 0 && queryNeedsRender(new URLSearchParams(url.slice(q + 1)))) return false;
    const site = await options.siteOf(req);
    if (site?.status !== 'active') return false;
    let build: string;
    try {
      build = await readlink(join(options.sitesDir, site.sld));
    } catch {
      return false;
    }
    const isPage = pathname.endsWith('/') || !/\.[a-z0-9]+$/i.test(pathname);
    const file = fileForPath(join(options.sitesDir, build), isPage && !pathname.endsWith('/') ? `${pathname}/` : pathname);
    if (!file) return false;
    let entry = cache.get(file);
    if (entry === undefined) {
      entry = await read(file);
      remember(file, entry);
    } else {
      cache.delete(file);
      cache.set(file, entry);
    }
    if (!entry) return false;

    const accepts = acceptedEncodings(req.headers['accept-encoding'] ?? null);
    const variant = (accepts.br && entry.br) || (accepts.gzip && entry.gzip) || entry.identity;
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      'Cache-Control': options.cacheControl(file),
      ETag: variant.etag,
      'Last-Modified': entry.lastModified,
    };
    if (entry.br || entry.gzip) headers['Vary'] = 'Accept-Encoding';
    if (variant !== entry.identity) headers['Content-Encoding'] = variant === entry.br ? 'br' : 'gzip';
    const conditional = new Headers();
    for (const name of ['if-none-match', 'if-modified-since'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') conditional.set(name, value);
    }
    if (isNotModified(conditional, variant.etag, entry.mtimeMs)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['Content-Length'] = String(variant.body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    if (req.method === 'GET' && entry.type.startsWith('text/html')) options.onPage?.(site, req);
    return true;
  };
}
