/** Journals (publications) and their issues (periods). */
import { z } from 'zod';
import { periodSchema, periodYearSchema, publicationSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { flagParam, idParam, yearParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'period';

export function periodRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.publicationList,
      tag,
      summary: 'Journals of the site',
      scope: 'site',
      response: z.array(publicationSchema),
      handle: async ({ site }) => source.listPublications(site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.publication,
      tag,
      summary: 'One journal of the site',
      scope: 'site',
      params: z.object({ id: idParam }),
      response: publicationSchema,
      handle: async ({ site, params }) => found(await source.getPublication(site.id, params.id)),
    }),
    route({
      method: 'get',
      path: apiPaths.periodTree,
      tag,
      summary:
        'Issues grouped by year, newest first (periodAsc: oldest first; isBack: without the current issue; groupByYear=false: a flat list)',
      scope: 'site',
      query: z.object({
        publicationId: idParam.optional(),
        isBack: flagParam.optional(),
        periodAsc: flagParam.optional(),
        groupByYear: flagParam.default(true),
      }),
      response: z.union([z.array(periodYearSchema), z.array(periodSchema)]),
      handle: async ({ site, query }) => {
        const tree = await source.getPeriodTree(site.id, {
          ...(query.publicationId === undefined ? {} : { publicationId: query.publicationId }),
          ...(query.isBack === undefined ? {} : { isBack: query.isBack }),
          ...(query.periodAsc === undefined ? {} : { periodAsc: query.periodAsc }),
        });
        return query.groupByYear ? tree : tree.flatMap((year) => year.periods);
      },
    }),
    route({
      method: 'get',
      path: apiPaths.firstTwoPeriods,
      tag,
      summary: 'The two newest issues of a journal',
      scope: 'site',
      query: z.object({ publicationIndexId: idParam }),
      response: z.array(periodSchema),
      handle: async ({ site, query }) => source.getFirstTwoPeriods(site.id, query.publicationIndexId),
    }),
    route({
      method: 'get',
      path: apiPaths.periodFind,
      tag,
      summary: "An issue by year and number (of the site's default journal unless publicationId)",
      scope: 'site',
      query: z.object({ year: yearParam, issue: idParam, publicationId: idParam.optional() }),
      response: periodSchema,
      handle: async ({ site, query }) =>
        found(await source.findPeriod(site.id, query.year, query.issue, query.publicationId)),
    }),
  ];
}
