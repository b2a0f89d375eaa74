/** Albums (virtual collections). */
import { z } from 'zod';
import { albumDetailSchema, albumSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'album';

export function albumRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.albumList,
      tag,
      summary: 'Albums of the site, optionally of one channel',
      scope: 'site',
      query: z.object({ channelId: idParam.optional() }),
      response: z.array(albumSchema),
      handle: async ({ site, query }) => source.listAlbums(site.id, query.channelId),
    }),
    route({
      method: 'get',
      path: apiPaths.album,
      tag,
      summary: 'One album with its items',
      scope: 'site',
      params: z.object({ id: idParam }),
      response: albumDetailSchema,
      handle: async ({ site, params }) => found(await source.getAlbum(site.id, params.id)),
    }),
  ];
}
