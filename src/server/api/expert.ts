/** Editorial boards (topics) and their experts. */
import { z } from 'zod';
import { editorialTopicSchema, expertSchema, pagedSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import { EXPERT_LIST_SIZE } from '../../lib/constants.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam, pageParam, sizeParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

/** 'field' or 'field,asc|desc', as Spring-style lists take it; empty means editorial order. */
const expertSortParam = z
  .string()
  .trim()
  .regex(/^((sort|name|enName)(,(asc|desc))?)?$/)
  .transform((value) => {
    if (value === '') return undefined;
    const [field, direction] = value.split(',');
    return {
      field: field as 'sort' | 'name' | 'enName',
      direction: direction === 'desc' ? ('desc' as const) : ('asc' as const),
    };
  });

const tag = 'expert';

export function expertRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.expertTopics,
      tag,
      summary: 'Editorial board topics of the site',
      scope: 'site',
      response: z.array(editorialTopicSchema),
      handle: async ({ site }) => source.listEditorialTopics(site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.expertTopic,
      tag,
      summary: 'One editorial board topic',
      scope: 'site',
      params: z.object({ id: idParam }),
      response: editorialTopicSchema,
      handle: async ({ site, params }) => found(await source.getEditorialTopic(site.id, params.id)),
    }),
    route({
      method: 'get',
      path: apiPaths.expertList,
      tag,
      summary:
        "A page of experts of a topic; data is [page] as rc-pub sends it. sort: 'sort' (editorial order, the default), 'name' or 'enName', optionally followed by ',asc' or ',desc'",
      scope: 'site',
      query: z.object({
        topicId: idParam,
        page: pageParam,
        size: sizeParam(EXPERT_LIST_SIZE),
        sort: expertSortParam.optional(),
      }),
      response: z.tuple([pagedSchema(expertSchema)]),
      handle: async ({ site, query }) => {
        found(await source.getEditorialTopic(site.id, query.topicId));
        const page = await source.listExperts(site.id, query.topicId, query.page, query.size, query.sort);
        return [page] satisfies [typeof page];
      },
    }),
  ];
}
