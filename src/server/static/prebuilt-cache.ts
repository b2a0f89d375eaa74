/**
 * The fast path for prebuilt pages, on the raw Node request before any framework code runs.
 * Build folders are write-once (a rebuild writes a new folder and swaps a symlink), so a file read
 * from `.builds/{sld}.{stamp}/…` never changes: a readlink (at most once a second per site) finds
 * the live build and everything else comes from memory. Anything unusual (a query, a method other than GET/HEAD, a body, a
 * site folder that is not a symlink, an inactive site) is left to the full app.
 */
import { readlinkSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Site } from '../../content/types.ts';
import { createByteLru } from './byte-lru.ts';
import { composedEtag, composedPage } from './composed-page.ts';
import { type Encoding, etagOf, isNotModified, preferredEncodings } from './conditional.ts';
import { contentTypeOf } from './mime.ts';
import { PAGE_HEADERS } from './page-headers.ts';
import { prebuiltFileFor, queryNeedsRender } from './paths.ts';
import type { ShellTemplates } from './shell-compose.ts';
import { readShellTemplates, SHELL_TEMPLATES_FILE } from './shell-regions.ts';
import { swapGeneration } from './site-folder.ts';

/** body: the bytes, or (a composed page's twin) how to make them on first use */
type Variant = { body: Buffer | (() => Promise<Buffer>); etag: string; encoding: 'br' | 'gzip' | null };
type Entry = {
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  type: string;
  lastModified: string;
  mtimeMs: number;
};

const MAX_BYTES = 128 * 1024 * 1024;
/** what a remembered miss costs, key included */
const NEGATIVE_BYTES = 256;
const NOT_PREBUILT = /^\/(rc-pub|_admin|_astro|_static)\//;
export const LINK_TTL_MS = 1000;
const SHELLS_KEPT = 64;

export type PrebuiltOptions = {
  sitesDir: string;
  /** the visited site, already resolved from the request (null: leave it to the app) */
  siteOf(req: IncomingMessage): Promise<Site | null>;
  cacheControl(file: string): string;
};

/** a twin not made yet is counted at what compression usually leaves of a page */
const variantBytes = (variant: Variant | null, identity: number) =>
  variant === null ? 0 : typeof variant.body === 'function' ? Math.ceil(identity / 5) : variant.body.length;
const entryBytes = (entry: Entry | null) => {
  if (!entry) return NEGATIVE_BYTES;
  const identity = variantBytes(entry.identity, 0);
  return identity + variantBytes(entry.br, identity) + variantBytes(entry.gzip, identity);
};

/** A version folder's shell templates and when they were written (a composed page is that new). */
type Shell = { templates: ShellTemplates; mtimeMs: number };

async function readShell(build: string): Promise<Shell | null> {
  const [templates, info] = await Promise.all([
    readShellTemplates(build),
    stat(join(build, SHELL_TEMPLATES_FILE)).catch(() => null),
  ]);
  return templates && info ? { templates, mtimeMs: info.mtimeMs } : null;
}

async function readEntry(file: string, shell: Shell | null): Promise<Entry | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const [identity, br, gzip] = await Promise.all([
    readFile(file),
    readFile(`${file}.br`).catch(() => null),
    readFile(`${file}.gz`).catch(() => null),
  ]);
  const composed = shell && file.endsWith('.html') ? composedPage(identity, shell.templates) : 'current';
  // a page the shell cannot be put into is rendered on demand (prebuilt.ts declines it too)
  if (composed === null) return null;
  if (shell && composed !== 'current') {
    const version = shell.templates.version;
    const mtimeMs = Math.max(info.mtimeMs, shell.mtimeMs);
    return {
      identity: { body: composed.identity, etag: composedEtag(etagOf(info, null), version), encoding: null },
      br: { body: composed.br, etag: composedEtag(etagOf(info, 'br'), version), encoding: 'br' },
      gzip: { body: composed.gzip, etag: composedEtag(etagOf(info, 'gzip'), version), encoding: 'gzip' },
      type: contentTypeOf(file),
      lastModified: new Date(mtimeMs).toUTCString(),
      mtimeMs,
    };
  }
  return {
    identity: { body: identity, etag: etagOf(info, null), encoding: null },
    br: br ? { body: br, etag: etagOf(info, 'br'), encoding: 'br' } : null,
    gzip: gzip ? { body: gzip, etag: etagOf(info, 'gzip'), encoding: 'gzip' } : null,
    type: contentTypeOf(file),
    lastModified: new Date(info.mtimeMs).toUTCString(),
    mtimeMs: info.mtimeMs,
  };
}

/** The live build folder of a site, or null when the site has none (not built, or not a symlink). */
function readLiveBuild(sitesDir: string, sld: string): string | null {
  try {
    // A readlink is one cheap syscall; the thread-pool round trip of the async one costs more.
    return join(sitesDir, readlinkSync(join(sitesDir, sld)));
  } catch {
    return null;
  }
}

export function createPrebuiltServer(
  options: PrebuiltOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  // Swaps made by this process are seen at once; those of another process (the rebuild CLI, a
  // second server) within LINK_TTL_MS, while the build they replaced is still on disk.
  const links = new Map<string, { build: string | null; at: number; generation: number }>();
  const liveBuild = (sld: string): string | null => {
    const now = Date.now();
    const known = links.get(sld);
    if (known && known.generation === swapGeneration() && now - known.at < LINK_TTL_MS) return known.build;
    const build = readLiveBuild(options.sitesDir, sld);
    links.set(sld, { build, at: now, generation: swapGeneration() });
    return build;
  };
  // Version folders are write-once: their templates are read once (a few versions are live in turn).
  const shells = new Map<string, Promise<Shell | null>>();
  const shellOf = (build: string): Promise<Shell | null> => {
    let shell = shells.get(build);
    if (!shell) {
      shell = readShell(build);
      shells.set(build, shell);
      for (const oldest of shells.keys()) if (shells.size > SHELLS_KEPT) shells.delete(oldest);
    }
    return shell;
  };
  const cache = createByteLru<Entry | null>(MAX_BYTES, entryBytes);
  // Concurrent first requests for one file share one read.
  const reading = new Map<string, Promise<Entry | null>>();
  let lastAccept: { header: string | undefined; encodings: Encoding[] } | null = null;

  const entryFor = async (build: string, file: string): Promise<Entry | null> => {
    const hit = cache.get(file);
    if (hit !== undefined) return hit;
    let pending = reading.get(file);
    if (!pending) {
      pending = shellOf(build)
        .then((shell) => readEntry(file, shell))
        .then((entry) => {
          cache.set(file, entry);
          return entry;
        });
      pending.finally(() => reading.delete(file)).catch(() => {});
      reading.set(file, pending);
    }
    return pending;
  };

  const accepted = (header: string | undefined) => {
    // Clients send a handful of distinct Accept-Encoding values: remember the last one parsed.
    if (!lastAccept || lastAccept.header !== header)
      lastAccept = { header, encodings: preferredEncodings(header ?? null) };
    return lastAccept.encodings;
  };

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // a page reads no body: the app's limit step refuses it
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (pathname === '/' || NOT_PREBUILT.test(pathname)) return false;
    if (q >= 0 && queryNeedsRender(new URLSearchParams(url.slice(q + 1)))) return false;
    const site = await options.siteOf(req);
    if (site?.status !== 'active') return false;
    const build = liveBuild(site.sld);
    if (!build) return false;
    const file = prebuiltFileFor(build, pathname);
    if (!file) return false;
    const entry = await entryFor(build, file);
    if (!entry) return false;

    const twin = accepted(req.headers['accept-encoding']).find((encoding) => entry[encoding]);
    const variant = (twin && entry[twin]) || entry.identity;
    const headers: OutgoingHttpHeaders = {
      'Content-Type': entry.type,
      'Cache-Control': options.cacheControl(file),
      ETag: variant.etag,
      'Last-Modified': entry.lastModified,
      ...PAGE_HEADERS,
    };
    if (entry.br || entry.gzip) headers['Vary'] = 'Accept-Encoding';
    if (variant.encoding) headers['Content-Encoding'] = variant.encoding;
    if (
      isNotModified(
        { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] },
        variant.etag,
        entry.mtimeMs,
      )
    ) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const body = typeof variant.body === 'function' ? await variant.body() : variant.body;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
