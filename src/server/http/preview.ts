/**
 * Preview pages, /{lang}/preview/article/{id}/?token=…: the token is checked here, where the secret
 * is; the page (src/pages/[lang]/preview/article/[id].astro) shows the article only to a checked
 * link and answers 404 with "expired or not valid" otherwise. Every answer is rendered on demand
 * (never prebuilt, never in a sitemap), kept by no cache and indexed by no crawler.
 */
import type { Hono } from 'hono';
import type { Site } from '../../content/types.ts';
import { matchPreviewPath, previewTokenOpens } from '../preview-link.ts';
import type { PortalEnv } from './env.ts';

export type PreviewDeps = {
  /** PREVIEW_SECRET; unset: every preview link answers 404 */
  secret: string | undefined;
  now: () => Date;
  render(request: Request, site: Site, previewArticleId: number | undefined): Promise<Response>;
};

export function mountPreview(app: Hono<PortalEnv>, deps: PreviewDeps): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const preview = matchPreviewPath(c.req.path);
    if (!preview) return next();
    const { site } = c.var;
    const token = c.req.query('token') ?? '';
    const opens = deps.secret !== undefined && previewTokenOpens(deps.secret, { siteId: site.id, articleId: preview.articleId }, token, deps.now());
    const rendered = await deps.render(c.req.raw, site, opens ? preview.articleId : undefined);
    const headers = new Headers(rendered.headers);
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Robots-Tag', 'noindex, nofollow');
    return new Response(rendered.body, { status: rendered.status, headers });
  });
}
