/** Counts: an article's view and a site visit (the beacons of the ArticleViews and FooterVisits islands) and the rankings made from the counts. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { monthCountsSchema, rankedArticleSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import {
  RANKING_KINDS,
  RANKING_MAX_SIZE,
  RANKING_SIZE,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_S,
} from '../../lib/constants.ts';
import { rankingPeriods } from '../../lib/ranking.ts';
import { articleStatistics, countArticleView, rankedArticles } from '../store/article-counts.ts';
import { countSiteVisit, visitTotals } from '../store/visits.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam, wholeNumberParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'counts';
const visitorId = z.string().regex(/^[0-9a-f-]{36}$/);
const BOT = /bot|crawler|spider/i;

/** The visitor's id from the visitorId cookie; a new one (and the cookie) when missing. */
function visitorOf(c: Context): string {
  const known = visitorId.safeParse(getCookie(c, VISITOR_COOKIE));
  if (known.success) return known.data;
  const visitor = randomUUID();
  setCookie(c, VISITOR_COOKIE, visitor, {
    path: '/',
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: 'Lax',
  });
  return visitor;
}

export function countRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, source } = deps;
  return [
    route({
      method: 'post',
      path: apiPaths.articleView,
      tag,
      summary:
        "Counts a view of an article: once per visitor (the visitorId cookie, set when missing), article and day; answers the article's views",
      scope: 'site',
      body: z.object({ id: z.number().int().positive() }),
      response: z.object({ counted: z.boolean(), views: z.number().int() }),
      handle: async ({ c, site, body }) =>
        found(await countArticleView(db, site.id, body.id, visitorOf(c), deps.now())),
    }),
    route({
      method: 'post',
      path: apiPaths.siteVisit,
      tag,
      summary:
        "Counts a visit to the site (the footer's visit beacon): once per visitor (the visitorId cookie, set when missing), site and UTC day, bots never; answers the footer's total and today visits",
      scope: 'site',
      body: z.object({}),
      response: z.object({ counted: z.boolean(), sumVisits: z.number().int(), todayVisits: z.number().int() }),
      handle: async ({ c, site }) => {
        if (BOT.test(c.req.header('user-agent') ?? ''))
          return { counted: false, ...(await visitTotals(db, site.id, deps.now())) };
        return countSiteVisit(db, site.id, visitorOf(c), deps.now());
      },
    }),
    route({
      method: 'get',
      path: apiPaths.articleStatistics,
      tag,
      summary: "An article's views and downloads per month over the last 12 months, oldest first",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: z.array(monthCountsSchema),
      handle: async ({ site, query }) => {
        found(await source.getArticle(site.id, query.id));
        return articleStatistics(db, site.id, query.id, deps.now());
      },
    }),
    route({
      method: 'get',
      path: apiPaths.ranking,
      tag,
      summary:
        'Most read, downloaded or cited articles of the site or one of its journals over a period (3m, 6m, 1y, 2y, 3y, all): views and downloads summed from the stored counts per day, citations of the articles published in the period',
      scope: 'site',
      query: z.object({
        type: z.enum(RANKING_KINDS).default('read'),
        period: z.enum(rankingPeriods).default('all'),
        publicationId: idParam.optional(),
        size: wholeNumberParam(1).pipe(z.number().max(RANKING_MAX_SIZE)).default(RANKING_SIZE),
      }),
      response: z.array(rankedArticleSchema),
      handle: async ({ site, query }) => {
        return rankedArticles(
          db,
          site.id,
          { by: query.type, period: query.period, publicationId: query.publicationId, size: query.size },
          deps.now(),
        );
      },
    }),
  ];
}
