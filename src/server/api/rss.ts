/**
 * rss: an RSS 2.0 feed of one issue's articles (periodId), else of the main journal's latest
 * articles. Success is the XML itself; bad input and unknown issues answer the usual envelope.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { apiPaths } from '../../lib/api-paths.ts';
import { issueFeed, latestFeed } from '../feed/article-feed.ts';
import { rssXml } from '../feed/rss-xml.ts';
import type { ResolvedDeps } from './deps.ts';
import { etagMatches } from '../static/conditional.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiContext, type ApiRoute, route } from './route.ts';

export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';
const CACHE = 'public, max-age=600';
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin the client used: links in the feed open on the host it was fetched from. */
export function requestOrigin(c: ApiContext): string {
  const url = new URL(c.req.url);
  const host = c.req.header('host');
  return `${url.protocol}//${host && HOST.test(host) ? host : url.host}`;
}

export function rssRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.rss,
      tag: 'rss',
      summary:
        "RSS 2.0 feed of an issue's articles in TOC order (periodId), else of the 50 latest formal and online-first articles of the site's main journal; ETag and 304 on If-None-Match",
      scope: 'site',
      query: z.object({ periodId: idParam.optional() }),
      response: z.null(),
      raw: 'application/rss+xml',
      conditional: true,
      handle: async ({ c, site, lang, query }) => {
        const url = new URL(c.req.url);
        const origin = requestOrigin(c);
        const request = { source, site, lang, origin, selfUrl: `${origin}${url.pathname}${url.search}` };
        const channel = query.periodId === undefined ? await latestFeed(request) : found(await issueFeed(request, query.periodId));
        const body = rssXml(channel);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        const headers: Record<string, string> = {
          ETag: etag,
          'Cache-Control': CACHE,
          // the language may come from the header or the cookie, not only the URL
          Vary: 'language, Cookie',
          'X-Content-Type-Options': 'nosniff',
        };
        if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
        return new Response(body, { headers: { ...headers, 'Content-Type': RSS_CONTENT_TYPE } });
      },
    }),
  ];
}
