/** The article's attachments (supplementary files), relations (author, fund, org, article, cited by) and resource statistics. */
import { z } from 'zod';
import { articleAttachmentSchema, articleRelationsSchema, resourceStatisticsSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'article';

export function articleRelationRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.articleAttachments,
      tag,
      summary:
        "An article's supplementary files from its publisher, in order: the download URL (served with the file's own content type), file name, label in both languages, size in bytes and content type",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: z.array(articleAttachmentSchema),
      handle: async ({ site, query }) => {
        found(await source.getArticle(site.id, query.id));
        return source.getArticleAttachments(site.id, query.id);
      },
    }),
    route({
      method: 'get',
      path: apiPaths.articleRelations,
      tag,
      summary:
        "An article's relations, each list short: author (the same ORCID, or the same name at the same institution), fund (a shared grant number), org (the same institution), article (related by content) within the site or its group; citedBy: articles of any site of this portal whose references carry its DOI",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: articleRelationsSchema,
      handle: async ({ site, query }) => found(await source.getArticleRelations(site.id, query.id)),
    }),
    route({
      method: 'get',
      path: apiPaths.resourceStatistics,
      tag,
      summary:
        "An article's views, downloads and citations (the import's number, else citedBy: the articles of this portal citing it)",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: resourceStatisticsSchema,
      handle: async ({ site, query }) => found(await source.getResourceStatistics(site.id, query.id)),
    }),
  ];
}
