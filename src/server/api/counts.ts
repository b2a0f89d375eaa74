/** Counts sent by the pages: an article's view (the beacon of the ArticleViews island). */
import { randomUUID } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { apiPaths } from '../../lib/api-paths.ts';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '../../lib/constants.ts';
import { countArticleView } from '../store/article-counts.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'counts';
const visitorId = z.string().regex(/^[0-9a-f-]{36}$/);

export function countRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'post',
      path: apiPaths.articleView,
      tag,
      summary: "Counts a view of an article: once per visitor (the visitorId cookie, set when missing), article and day; answers the article's views",
      scope: 'site',
      body: z.object({ id: z.number().int().positive() }),
      response: z.object({ counted: z.boolean(), views: z.number().int() }),
      handle: async ({ c, site, body }) => {
        const known = visitorId.safeParse(getCookie(c, VISITOR_COOKIE));
        const visitor = known.success ? known.data : randomUUID();
        if (!known.success) {
          setCookie(c, VISITOR_COOKIE, visitor, { path: '/', maxAge: VISITOR_COOKIE_MAX_AGE_S, httpOnly: true, sameSite: 'Lax' });
        }
        return found(await countArticleView(db, site.id, body.id, visitor, deps.now()));
      },
    }),
  ];
}
