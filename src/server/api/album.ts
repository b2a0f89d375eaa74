/** Albums (virtual collections) and the resources they gather: pictures, tables, videos, audios. */
import { z } from 'zod';
import { albumDetailSchema, albumSchema, resourceDetailSchema, resourceKindSchema } from '../../content/types.ts';
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
    route({
      method: 'get',
      path: apiPaths.resource,
      tag,
      summary: 'A picture, table, video or audio of the site, with the article it belongs to',
      scope: 'site',
      params: z.object({ kind: resourceKindSchema, id: idParam }),
      response: resourceDetailSchema,
      handle: async ({ site, params }) => found(await source.getResource(site.id, params.kind, params.id)),
    }),
  ];
}
