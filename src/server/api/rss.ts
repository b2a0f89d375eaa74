/**
 * rss and atom: one feed in RSS 2.0 or Atom 1.0. Which feed: an issue's articles (periodId), a
 * news column (channelId), or of a journal (publicationId, default the main one) its latest
 * articles (feed=latest, the default), newest issue (feed=current) or online-first articles
 * (feed=online-first). Success is the XML itself; bad input and unknown feeds answer the usual
 * envelope.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { apiPaths } from '../../lib/api-paths.ts';
import { FEED_TYPES, type FeedFormat } from '../../lib/feed-links.ts';
import { currentIssueFeed, type FeedRequest, issueFeed, latestFeed, onlineFirstFeed } from '../feed/article-feed.ts';
import { atomXml } from '../feed/atom-xml.ts';
import type { FeedChannel } from '../feed/feed.ts';
import { newsFeed } from '../feed/news-feed.ts';
import { rssXml } from '../feed/rss-xml.ts';
import { etagMatches } from '../static/conditional.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiRoute, clientOrigin, route } from './route.ts';

// a scheduled article joins its feed the minute it appears: no cache may keep a feed longer
const CACHE = 'public, max-age=60';

const feedQuery = z.object({
  periodId: idParam.optional(),
  channelId: idParam.optional(),
  publicationId: idParam.optional(),
  feed: z.enum(['latest', 'current', 'online-first']).optional(),
});

async function feedFor(request: FeedRequest, query: z.infer<typeof feedQuery>): Promise<FeedChannel | null> {
  if (query.periodId !== undefined) return issueFeed(request, query.periodId);
  if (query.channelId !== undefined) return newsFeed(request, query.channelId);
  const publicationId = query.publicationId ?? null;
  if (query.feed === 'current') return currentIssueFeed(request, publicationId);
  if (query.feed === 'online-first') return onlineFirstFeed(request, publicationId);
  if (publicationId !== null) return null;
  return latestFeed(request);
}

function feedRoute(deps: ResolvedDeps, format: FeedFormat): ApiRoute {
  const contentType = `${FEED_TYPES[format]}; charset=utf-8`;
  return route({
    method: 'get',
    path: format === 'rss' ? apiPaths.rss : apiPaths.atom,
    tag: 'rss',
    summary: `${format === 'rss' ? 'RSS 2.0' : 'Atom 1.0'} feed: an issue's articles in TOC order (periodId), a news column (channelId), or a journal's (publicationId, default the main one) 50 latest formal and online-first articles (feed=latest, default), newest issue (feed=current) or online-first articles (feed=online-first); ETag and 304 on If-None-Match`,
    scope: 'site',
    query: feedQuery,
    response: z.null(),
    raw: FEED_TYPES[format],
    conditional: true,
    handle: async ({ c, site, lang, query }) => {
      const url = new URL(c.req.url);
      const origin = clientOrigin(c);
      const request = { source: deps.source, site, lang, origin, selfUrl: `${origin}${url.pathname}${url.search}` };
      const channel = found(await feedFor(request, query));
      const body = format === 'rss' ? rssXml(channel) : atomXml(channel, deps.now());
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const headers: Record<string, string> = {
        ETag: etag,
        'Cache-Control': CACHE,
        // the language may come from the header or the cookie, not only the URL
        Vary: 'language, Cookie',
        'X-Content-Type-Options': 'nosniff',
      };
      if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
      return new Response(body, { headers: { ...headers, 'Content-Type': contentType } });
    },
  });
}

export function rssRoutes(deps: ResolvedDeps): ApiRoute[] {
  return [feedRoute(deps, 'rss'), feedRoute(deps, 'atom')];
}
