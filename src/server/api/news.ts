/** News: the four tabs, top news and details. */
import { z } from 'zod';
import { newsDetailSchema, newsItemSchema, newsTypeSchema, pagedSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import { API_NEWS_LIST_SIZE } from '../../lib/constants.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam, pageParam, sizeParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'news';

export function newsRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.topNews,
      tag,
      summary: 'Top news for the banner (optionally of one type or newsDataType)',
      scope: 'site',
      query: z.object({ newsDataType: z.string().trim().max(40).optional(), type: newsTypeSchema.optional() }),
      response: z.array(newsItemSchema),
      handle: async ({ site, query }) =>
        (await source.getTopNews(site.id)).filter(
          (item) =>
            (query.type === undefined || item.type === query.type) &&
            (!query.newsDataType || item.newsDataType === query.newsDataType),
        ),
    }),
    route({
      method: 'get',
      path: apiPaths.newsList,
      tag,
      summary: 'A page of news, newest first, optionally of one tab or channel',
      scope: 'site',
      query: z.object({
        type: newsTypeSchema.optional(),
        channelId: idParam.optional(),
        page: pageParam,
        size: sizeParam(API_NEWS_LIST_SIZE),
      }),
      response: pagedSchema(newsItemSchema),
      handle: async ({ site, query }) =>
        source.listNews(site.id, {
          ...(query.type === undefined ? {} : { type: query.type }),
          ...(query.channelId === undefined ? {} : { channelId: query.channelId }),
          page: query.page,
          size: query.size,
        }),
    }),
    route({
      method: 'get',
      path: apiPaths.news,
      tag,
      summary: 'One news item with its previous and next',
      scope: 'site',
      params: z.object({ id: idParam }),
      response: newsDetailSchema,
      handle: async ({ site, params }) => found(await source.getNews(site.id, params.id)),
    }),
  ];
}
