/**
 * files/get: stored pictures and documents by id. A file belongs to a site and answers only for
 * that site (its hosts, or its siteId server to server); a closed site's files answer 10001 like
 * its other calls; platform-wide files (site_id NULL) answer everywhere. Another site's file is
 * "not found", as a missing one. Immutable once stored, served with a strong ETag; scripts
 * inside an SVG never run: the response is sandboxed. A member's upload (profile photo, album
 * cover) is not served by its sequential id: only by its random key, only to the member who
 * uploaded it, and cached privately. Ranges are served (players seek in video and audio by Range
 * requests); stored files have no date, so only an ETag If-Range can keep a range.
 */
import { z } from 'zod';
import { apiPaths } from '../../lib/api-paths.ts';
import { etagMatches, ifRangeHolds, parseRange } from '../static/conditional.ts';
import { fileById, fileByKey } from '../store/files.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';
import { ensureOpen, requestSite, sessionOf } from './scope.ts';

const CACHE = 'public, max-age=86400';
/** a member's upload never changes under its key (a new picture gets a new one) but is theirs alone */
const PRIVATE_CACHE = 'private, max-age=86400';

const fileQuery = z
  .object({
    id: idParam.optional(),
    key: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
  })
  .refine((query) => (query.id === undefined) !== (query.key === undefined), { message: 'id or key' });

export function fileRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.fileGet,
      tag: 'files',
      summary:
        "A stored file (logo, cover, figure, video, audio…) by id, or a member's upload by key (to that member only); ETag and 304 on If-None-Match; one byte range (206, 416)",
      scope: 'none',
      query: fileQuery,
      response: z.null(),
      raw: 'application/octet-stream',
      conditional: true,
      handle: async ({ c, query }) => {
        const file = found(
          query.key === undefined ? await fileById(db, query.id ?? 0) : await fileByKey(db, query.key),
        );
        if (query.key === undefined) found(file.ownerId === null ? file : null);
        if (file.siteId !== null) {
          const site = await requestSite(c, deps);
          found(site.id === file.siteId ? file : null);
          ensureOpen(site);
          if (file.ownerId !== null) found((await sessionOf(c, deps, site))?.userId === file.ownerId ? file : null);
        }
        const stored = file.etag;
        const etag = stored.startsWith('"') ? stored : `"${stored}"`;
        const headers: Record<string, string> = {
          ETag: etag,
          'Cache-Control': file.ownerId === null ? CACHE : PRIVATE_CACHE,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          'Accept-Ranges': 'bytes',
        };
        if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
        const bytes = file.data;
        const range = ifRangeHolds(c.req.header('if-range') ?? null, etag, Number.NaN)
          ? parseRange(c.req.header('range') ?? null, bytes.byteLength)
          : null;
        if (range === 'unsatisfiable')
          return new Response(null, {
            status: 416,
            headers: { ...headers, 'Content-Range': `bytes */${bytes.byteLength}` },
          });
        if (range) {
          const part = bytes.subarray(range.start, range.end + 1);
          return new Response(part, {
            status: 206,
            headers: {
              ...headers,
              'Content-Type': file.contentType,
              'Content-Length': String(part.byteLength),
              'Content-Range': `bytes ${range.start}-${range.end}/${bytes.byteLength}`,
            },
          });
        }
        return new Response(bytes, {
          headers: { ...headers, 'Content-Type': file.contentType, 'Content-Length': String(bytes.byteLength) },
        });
      },
    }),
  ];
}
