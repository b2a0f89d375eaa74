/** The article in full: its HTML full text (drawn from JATS) and its structured references. */
import { z } from 'zod';
import { articleFullTextSchema, articleReferenceSchema } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'article';

export function articleFullTextRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.articleHtml,
      tag,
      summary:
        "An article's HTML full text drawn from its JATS: the body (sanitized when shown), its table of contents, notes, acknowledgements and funding; null when the article has none",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: articleFullTextSchema.nullable(),
      handle: async ({ site, query }) => {
        found(await source.getArticle(site.id, query.id));
        return source.getArticleHtml(site.id, query.id);
      },
    }),
    route({
      method: 'get',
      path: apiPaths.articleReferences,
      tag,
      summary:
        "An article's references in order: the text shown, the DOI, and authors, title, source, year, volume and pages where JATS or the import gave them; anchor is the id in-text citations link to",
      scope: 'site',
      query: z.object({ id: idParam }),
      response: z.array(articleReferenceSchema),
      handle: async ({ site, query }) => {
        found(await source.getArticle(site.id, query.id));
        return source.getArticleReferences(site.id, query.id);
      },
    }),
  ];
}
