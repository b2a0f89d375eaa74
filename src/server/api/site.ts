/** Site lookups, the whole shell, basic info and the search box's options. */
import { z } from 'zod';
import type { Site } from '../../content/types.ts';
import {
  basicInfoSchema,
  groupEntrySchema,
  searchConditionSchema,
  searchConfigEntrySchema,
  siteSchema,
  siteShellSchema,
} from '../../content/types.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { getBasicInfo } from '../store/basic-info.ts';
import { getGroupEntries } from '../store/sites.ts';
import { visitTotals } from '../store/visits.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { domainParam, idParam, sldParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';
import { ensureOpen, requestSite } from './scope.ts';

const tag = 'site';

/** Public lookups: no Host check; an unknown site is 404, a closed one 10001 carrying the site. */
function lookedUp(site: Site | null): Site {
  if (!site) throw new ApiError(API_STATUS.notFound, 'siteNotFound');
  ensureOpen(site, site);
  return site;
}

export function siteRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.findBySld,
      tag,
      summary: 'Site by short name (sld); 10001 with the site when expired or forbidden',
      scope: 'none',
      query: z.object({ sld: sldParam }),
      response: siteSchema,
      handle: async ({ query }) => lookedUp(await source.findSiteBySld(query.sld)),
    }),
    route({
      method: 'get',
      path: apiPaths.findBySiteId,
      tag,
      summary: 'Site by id (sld, domain…); 10001 with the site when expired or forbidden',
      scope: 'none',
      query: z.object({ siteId: idParam }),
      response: siteSchema,
      handle: async ({ query }) => lookedUp(await source.findSiteById(query.siteId)),
    }),
    route({
      method: 'get',
      path: apiPaths.findByDomain,
      tag,
      summary: 'Site by its own domain; 10001 with the site when expired or forbidden',
      scope: 'none',
      query: z.object({ domain: domainParam }),
      response: siteSchema,
      handle: async ({ query }) => lookedUp(await source.findSiteByDomain(query.domain)),
    }),
    route({
      method: 'get',
      path: apiPaths.findGroupBySiteId,
      tag,
      summary: "Group entrance: a group's member journals, or the groups a site belongs to",
      scope: 'none',
      query: z.object({ siteId: idParam }),
      response: z.array(groupEntrySchema),
      handle: async ({ query }) => {
        const site = await source.findSiteById(query.siteId);
        if (!site) throw new ApiError(API_STATUS.notFound, 'siteNotFound');
        ensureOpen(site);
        return getGroupEntries(db, site.id);
      },
    }),
    route({
      method: 'get',
      path: apiPaths.siteShell,
      tag,
      summary: 'Everything the page shell needs in one call (10001 still carries the shell for the notice page)',
      scope: 'none',
      response: siteShellSchema,
      handle: async ({ c }) => {
        const site = await requestSite(c, deps);
        const shell = await source.getSiteShell(site.id);
        if (!shell) throw new ApiError(API_STATUS.notFound, 'siteNotFound');
        ensureOpen(site, shell);
        return shell;
      },
    }),
    route({
      method: 'get',
      path: apiPaths.basicInfo,
      tag,
      summary: 'Basic info: indexed-in databases, group type, description',
      scope: 'site',
      response: basicInfoSchema,
      handle: async ({ site }) => getBasicInfo(db, site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.siteVisits,
      tag,
      summary:
        "The footer's visit counts (visitors counted once per site and day by the visit beacon): in all and today's (UTC day)",
      scope: 'site',
      response: z.object({ sumVisits: z.number().int(), todayVisits: z.number().int() }),
      handle: async ({ site }) => visitTotals(db, site.id, deps.now()),
    }),
    route({
      method: 'get',
      path: apiPaths.searchConfig,
      tag: 'search',
      summary: 'Search types of the site header (limited for emf and the other special sites)',
      scope: 'site',
      response: z.array(searchConfigEntrySchema),
      handle: async ({ site }) => source.getSearchConfig(site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.searchConditions,
      tag: 'search',
      summary: 'Search fields (field, condition, enCondition) of a search type',
      scope: 'site',
      query: z.object({ type: z.enum(['article', 'publication']).default('article') }),
      response: z.array(searchConditionSchema),
      handle: async ({ site, query }) => source.getSearchConditions(site.id, query.type),
    }),
  ];
}
