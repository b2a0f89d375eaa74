/**
 * An article's PDF beside its abstract page, /{lang}/article/{id}/{name}.pdf (Google Scholar
 * asks for it there): answered by the API's own download (front-article/download), so the PDF,
 * its counting and the member's download history are one code path, local or upstream. Anything
 * but a PDF (an unknown article) goes on to the 404 page rather than showing a JSON envelope; the
 * PDF of an article removed for legal reasons answers as its page does: 410 with the notice.
 */
import type { Hono } from 'hono';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { canonical, matchArticlePdf } from '../../lib/routes.ts';
import type { PortalEnv } from './env.ts';

type Forward = (request: Request, env: PortalEnv['Bindings']) => Response | Promise<Response>;

export function mountArticlePdf(app: Hono<PortalEnv>, forward: Forward): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const pdf = matchArticlePdf(c.req.path);
    if (!pdf) return next();
    const url = new URL(apiPaths.articleDownload, c.req.url);
    url.searchParams.set('id', String(pdf.id));
    url.searchParams.set('attachType', 'pdf');
    const answer = await forward(new Request(url, { method: c.req.method, headers: c.req.raw.headers }), c.env);
    // 206 (a reader fetching pages) and 304 (a revalidation) are the PDF's answers too
    if (
      (answer.ok || answer.status === 304 || answer.status === 416) &&
      answer.headers.get('content-type')?.startsWith('application/pdf')
    )
      return answer;
    const envelope: unknown = answer.headers.get('content-type')?.includes('json')
      ? await answer.json().catch(() => null)
      : await answer.body?.cancel();
    if (isGone(envelope))
      return forward(
        new Request(new URL(canonical.article(pdf.lang, pdf.id), c.req.url), {
          method: c.req.method,
          headers: c.req.raw.headers,
        }),
        c.env,
      );
    return next();
  });
}

function isGone(envelope: unknown): boolean {
  return (
    typeof envelope === 'object' && envelope !== null && 'status' in envelope && envelope.status === API_STATUS.gone
  );
}
