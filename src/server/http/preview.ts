/**
 * Preview pages, /{lang}/preview/{article|news|issue}/{id}/?token=…: the token is checked here, where
 * the secret is; the pages (src/pages/[lang]/preview/) show the item only to a checked
 * link and answers 404 with "expired or not valid" otherwise. Every answer is rendered on demand
 * (never prebuilt, never in a sitemap), kept by no cache and indexed by no crawler.
 */
import type { Hono } from 'hono';
import type { Site } from '../../content/types.ts';
import { matchPreviewPath, type PreviewItem, previewTokenOpens } from '../preview-link.ts';
import type { PortalEnv } from './env.ts';

export type PreviewDeps = {
  /** PREVIEW_SECRET; unset: every preview link answers 404 */
  secret: string | undefined;
  now: () => Date;
  render(request: Request, site: Site, previewItem: PreviewItem | undefined): Promise<Response>;
};

export function mountPreview(app: Hono<PortalEnv>, deps: PreviewDeps): void {
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const preview = matchPreviewPath(c.req.path);
    if (!preview) return next();
    const { site } = c.var;
    const token = c.req.query('token') ?? '';
    const item: PreviewItem = { kind: preview.kind, id: preview.id };
    const opens =
      deps.secret !== undefined && previewTokenOpens(deps.secret, { siteId: site.id, ...item }, token, deps.now());
    const rendered = await deps.render(c.req.raw, site, opens ? item : undefined);
    const headers = new Headers(rendered.headers);
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Robots-Tag', 'noindex, nofollow');
    return new Response(rendered.body, { status: rendered.status, headers });
  });
}
