/**
 * rc-pub's getJumpUrlForNuxt and getJumpUrlForNuxtNews: where a banner item or a news item
 * opens (in a new tab). A banner item names its resource by type and id (docs/product-rules.md#banners: news,
 * wechat, album or article); a news item goes to its source link when it is external, else to its
 * page. Only this site's resources are found: another site's id answers 404. Pages of the portal
 * are answered root-relative, as the pages link them, so the answer suits every host of the site.
 */
import { z } from 'zod';
import type { Site } from '../../content/types.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { LANGS, type Lang } from '../../lib/lang.ts';
import { newsHref } from '../../lib/news-links.ts';
import { canonical } from '../../lib/routes.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'jump';
const jumpSchema = z.object({ jumpUrl: z.string(), external: z.boolean() });
type Jump = z.infer<typeof jumpSchema>;

export const BANNER_ITEM_TYPES = ['article', 'album', 'news', 'wechat'] as const;

const query = z.object({ id: idParam, language: z.enum(LANGS).optional() });

function missing(): never {
  throw new ApiError(API_STATUS.notFound, 'jumpTargetNotFound');
}

async function newsJump(deps: ResolvedDeps, site: Site, id: number, lang: Lang): Promise<Jump> {
  const news = (await deps.source.getNews(site.id, id)) ?? missing();
  const href = newsHref(news, lang);
  return { jumpUrl: href, external: !href.startsWith('/') };
}

export function jumpRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.jumpUrl,
      tag,
      summary:
        "Where a banner item opens: its resource's page (type article, the default, album, news or wechat) on this site, or a news item's source link; 404 for another site's resource",
      scope: 'site',
      query: query.extend({ type: z.enum(BANNER_ITEM_TYPES).default('article') }),
      response: jumpSchema,
      handle: async ({ site, lang, query }) => {
        const language = query.language ?? lang;
        switch (query.type) {
          case 'article': {
            const article = (await source.getArticle(site.id, query.id)) ?? missing();
            return { jumpUrl: canonical.article(language, article.id), external: false };
          }
          case 'album': {
            const album = (await source.getAlbum(site.id, query.id)) ?? missing();
            return { jumpUrl: canonical.collection(language, album.id), external: false };
          }
          case 'news':
          case 'wechat':
            return newsJump(deps, site, query.id, language);
        }
      },
    }),
    route({
      method: 'get',
      path: apiPaths.jumpUrlNews,
      tag,
      summary:
        "Where a news item opens: its source link when it is external (original 2 or wechat), else its page on this site; 404 for another site's news",
      scope: 'site',
      query,
      response: jumpSchema,
      handle: async ({ site, lang, query }) => newsJump(deps, site, query.id, query.language ?? lang),
    }),
  ];
}
