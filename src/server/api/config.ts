/** Header, footer and publication configs, and the floating tools. */
import { z } from 'zod';
import { footerConfigSchema, headerConfigSchema, publicationConfigSchema, toolSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import { getFooterConfig, getHeaderConfig, getPublicationConfig } from '../store/configs.ts';
import { listTools } from '../store/tools.ts';
import { visitTotals } from '../store/visits.ts';
import type { ResolvedDeps } from './deps.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'config';

export function configRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.headerConfig,
      tag,
      summary: 'Header configuration: navigation style, logos, search box, custom buttons',
      scope: 'site',
      response: headerConfigSchema,
      handle: async ({ site }) => getHeaderConfig(db, site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.footerConfig,
      tag,
      summary: 'Footer configuration with visit totals',
      scope: 'site',
      response: footerConfigSchema,
      handle: async ({ site }) => getFooterConfig(db, site.id, await visitTotals(db, site.id, deps.now())),
    }),
    route({
      method: 'get',
      path: apiPaths.publicationConfig,
      tag,
      summary: 'Publication configuration: default journal, cover and ISSN display, TOC page size',
      scope: 'site',
      response: publicationConfigSchema,
      handle: async ({ site }) => getPublicationConfig(db, site.id),
    }),
    route({
      method: 'get',
      path: apiPaths.toolList,
      tag,
      summary: 'Floating tools (rss, email, folderAdd, external links)',
      scope: 'site',
      response: z.array(toolSchema),
      handle: async ({ site }) => listTools(db, site.id),
    }),
  ];
}
