/** Articles: an issue's table of contents, the lists, detail by id or DOI, and the PDF download. */
import { z } from 'zod';
import { articleDetailSchema, articleSummarySchema, issueTocSchema, pagedSchema } from '../../content/types.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { noticeLinkHeader } from '../../lib/article-notice.ts';
import { API_ARTICLE_LIST_SIZE } from '../../lib/constants.ts';
import { canonical } from '../../lib/routes.ts';
import { countArticleDownload } from '../store/article-counts.ts';
import { publisherPdf } from '../store/attachments.ts';
import { getPublicationConfig } from '../store/configs.ts';
import { addDownload } from '../store/members.ts';
import { articlePdf, journalPdf, pdfDisposition } from './article-pdf.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { found } from './found.ts';
import { doiParam, idParam, pageParam, sizeParam } from './params.ts';
import { pdfResponse } from './pdf-response.ts';
import { type ApiRoute, route } from './route.ts';
import { sessionOf } from './scope.ts';

const tag = 'article';

export function articleRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, source } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.issueToc,
      tag,
      summary: "A page of an issue's articles grouped by column (size defaults to the site's TOC page size)",
      scope: 'site',
      params: z.object({ periodId: idParam }),
      query: z.object({ page: pageParam, size: sizeParam(100).optional() }),
      response: issueTocSchema,
      handle: async ({ site, params, query }) => {
        const size = query.size ?? (await getPublicationConfig(db, site.id)).tocPageSize;
        return found(await source.getIssueToc(site.id, params.periodId, query.page, size));
      },
    }),
    route({
      method: 'get',
      path: apiPaths.articleList,
      tag,
      summary: 'Online-first, just-accepted, most-read or latest articles, paged',
      scope: 'site',
      query: z.object({
        kind: z.enum(['online-first', 'just-accepted', 'most-read', 'latest']),
        page: pageParam,
        size: sizeParam(API_ARTICLE_LIST_SIZE),
        publicationId: idParam.optional(),
      }),
      response: pagedSchema(articleSummarySchema),
      handle: async ({ site, query }) =>
        source.listArticles(site.id, query.kind, query.page, query.size, query.publicationId),
    }),
    route({
      method: 'get',
      path: apiPaths.articleByDoi,
      tag,
      summary: 'Article detail by DOI',
      scope: 'site',
      query: z.object({ doi: doiParam }),
      response: articleDetailSchema,
      handle: async ({ site, query }) => found(await source.getArticleByDoi(site.id, query.doi)),
    }),
    route({
      method: 'get',
      path: apiPaths.articleDownload,
      tag,
      summary:
        "The article's PDF: the journal's own when its import brought one, else a summary sheet made on first download; counts a download; ETag (and Last-Modified for the journal's file), 304, one byte range (206, 416)",
      scope: 'site',
      query: z.object({ id: idParam, attachType: z.enum(['pdf']).default('pdf') }),
      response: z.null(),
      raw: 'application/pdf',
      conditional: true,
      handle: async ({ c, lang, site, query }) => {
        const article = await source.getArticle(site.id, query.id);
        if (!article) {
          if (await source.getArticleRemoval(site.id, query.id)) throw new ApiError(API_STATUS.gone, 'articleRemoved');
          throw new ApiError(API_STATUS.notFound, 'notFound');
        }
        const own = await publisherPdf(db, article.id);
        const pdf = own
          ? await journalPdf(db, article, own, deps.now())
          : await articlePdf(db, article, deps.renderPdf, deps.now());
        const { response, counted } = pdfResponse(c.req.raw, pdf, pdfDisposition(article));
        // a retracted, withdrawn or concerned article: the answer points at its notice
        if (article.notice)
          response.headers.set('Link', noticeLinkHeader(canonical.article(lang, article.id), article.notice.doi));
        // HEAD (a crawler checking citation_pdf_url, a link checker) downloads nothing
        if (c.req.method !== 'HEAD' && counted) {
          await countArticleDownload(db, site.id, article.id, deps.now());
          // a logged-in member's download goes into the personal centre's download history
          const member = await sessionOf(c, deps, site);
          if (member) await addDownload(db, member, article.id, deps.now().toISOString());
        }
        return response;
      },
    }),
    route({
      method: 'get',
      path: apiPaths.article,
      tag,
      summary: 'Article detail by id (drafts and other sites’ articles are not found)',
      scope: 'site',
      params: z.object({ id: idParam }),
      response: articleDetailSchema,
      handle: async ({ site, params }) => found(await source.getArticle(site.id, params.id)),
    }),
  ];
}
