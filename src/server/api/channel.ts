/** The menu (channel) tree, single channels and the home page's modules. */
import { z } from 'zod';
import { channelInfoSchema, channelSchema, moduleSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import { filteredChannels } from '../../lib/menu-filter.ts';
import { getChannelTree } from '../store/channels.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { codeParam, flagParam, idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'channel';

export function channelRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.channelList,
      tag,
      summary:
        "Enabled channels as a tree in menu order; filter=true applies the menu filter (SPEC section 5) in the request's language",
      scope: 'site',
      query: z.object({ filter: flagParam.optional() }),
      response: z.array(channelSchema),
      handle: async ({ site, query, lang }) => {
        const tree = await getChannelTree(db, site.id);
        return query.filter ? filteredChannels(tree, lang) : tree;
      },
    }),
    route({
      method: 'get',
      path: apiPaths.channelInfo,
      tag,
      summary: 'One channel with its banner and page content',
      scope: 'site',
      query: z.object({ channelId: idParam }),
      response: channelInfoSchema,
      handle: async ({ site, query }) => found(await source.getChannelInfo(site.id, query.channelId)),
    }),
    route({
      method: 'get',
      path: apiPaths.channelByCode,
      tag,
      summary: 'The first enabled channel with this code (or route)',
      scope: 'site',
      query: z.object({ code: codeParam }),
      response: channelInfoSchema,
      handle: async ({ site, query }) => found(await source.findChannelByCode(site.id, query.code)),
    }),
    route({
      method: 'get',
      path: apiPaths.moduleList,
      tag,
      summary: "Modules of a channel's page (the home channel's modules make the home page)",
      scope: 'site',
      query: z.object({ channelId: idParam }),
      response: z.array(moduleSchema),
      handle: async ({ site, query }) => source.getModules(site.id, query.channelId),
    }),
  ];
}
