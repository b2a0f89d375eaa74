/**
 * Citations (docs/product-rules.md#citation-exports): the GB/T 7714 and APA text of articles for the basket
 * (batchPublicizeInfo), and a download of them in the five export formats (downloadCitation).
 * Articles come through the ContentSource, so another site's or a draft article is simply absent.
 */
import { z } from 'zod';
import type { ArticleDetail } from '../../content/types.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import { CITATION_FORMATS } from '../../lib/citation-formats.ts';
import { parseId } from '../../lib/id.ts';
import { LANGS, type Lang } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { exportCitations } from '../citations/export.ts';
import { citationFromArticle } from '../citations/from-article.ts';
import { citationQuote } from '../citations/quote.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { type ApiContext, type ApiRoute, route } from './route.ts';

const tag = 'citation';
/** more than a basket holds in practice; bounds the work one request can ask for */
export const MAX_CITATION_IDS = 200;

const idsParam = z
  .string()
  .trim()
  .transform((list) => [...new Set(list.split(',').map(parseId))])
  .pipe(z.array(z.number()).min(1).max(MAX_CITATION_IDS));

const citationSchema = z.object({ id: z.number().int(), quote: z.string(), transQuote: z.string() });

async function articlesOf(deps: ResolvedDeps, siteId: number, ids: readonly number[]): Promise<ArticleDetail[]> {
  const found = await Promise.all(ids.map((id) => deps.source.getArticle(siteId, id)));
  return found.filter((article): article is ArticleDetail => article !== null);
}

function recordsOf(c: ApiContext, lang: Lang, articles: readonly ArticleDetail[]) {
  const origin = new URL(c.req.url).origin;
  return articles.map((article) => citationFromArticle(article, origin + canonical.article(lang, article.id)));
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function citationRoutes(deps: ResolvedDeps): ApiRoute[] {
  return [
    route({
      method: 'get',
      path: apiPaths.batchPublicizeInfo,
      tag,
      summary:
        'Citation text of articles: quote (GB/T 7714-2015) and transQuote (APA); ids of deleted or unknown articles are left out',
      scope: 'site',
      query: z.object({ ids: idsParam }),
      response: z.array(citationSchema),
      handle: async ({ c, lang, site, query }) => {
        const articles = await articlesOf(deps, site.id, query.ids);
        return recordsOf(c, lang, articles).map((record) => ({ id: record.id, ...citationQuote(record) }));
      },
    }),
    route({
      method: 'get',
      path: apiPaths.downloadCitation,
      tag,
      summary: 'Citations of articles as a file: BibTeX, EndNote (.enw), RefMan (RIS), NoteExpress or NoteFirst',
      scope: 'site',
      query: z.object({ ids: idsParam, citationType: z.enum(CITATION_FORMATS), language: z.enum(LANGS).optional() }),
      response: z.null(),
      raw: 'application/octet-stream',
      handle: async ({ c, lang, site, query }) => {
        const language = query.language ?? lang;
        const articles = await articlesOf(deps, site.id, query.ids);
        found(articles.length > 0 ? articles : null);
        const file = exportCitations(recordsOf(c, language, articles), query.citationType, language);
        return new Response(file.body, {
          headers: {
            'Content-Type': file.mediaType,
            'Content-Disposition': attachment(file.fileName),
            'Cache-Control': 'private, no-cache',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      },
    }),
  ];
}
