/** Per-site files that are not pages: theme.css (from the site's colours), robots.txt and the sitemaps. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { sitesConfig } from '../../../sites.config.ts';
import type { ContentSource } from '../../content/source.ts';
import { themeCss } from '../../lib/theme.ts';
import { publicOrigin } from '../build/public-origin.ts';
import { listSitePages } from '../build/site-pages.ts';
import { sitemapFiles } from '../build/sitemaps.ts';
import type { PortalConfig } from '../config.ts';
import { etagMatches } from '../static/conditional.ts';
import { serveFile } from '../static/serve-file.ts';
import { hasBuild } from '../static/site-folder.ts';
import { type PortalEnv, SHORT } from './env.ts';

export function mountSiteFiles(
  app: Hono<PortalEnv>,
  deps: { source: ContentSource; config: Pick<PortalConfig, 'sitesDir' | 'baseDomain'>; now: () => Date },
): void {
  const { source, config, now } = deps;

  app.get('/_static/theme.css', (c) => {
    const css = themeCss(c.var.site);
    const etag = `"${createHash('sha1').update(css).digest('base64url')}"`;
    const headers = { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': SHORT, ETag: etag };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(css, 200, headers);
  });

  app.get('/:file{(robots\\.txt|sitemap\\.txt|sitemap\\.xml|sitemap-\\d+\\.xml)}', async (c) => {
    const site = c.var.site;
    const name = c.req.param('file');
    if (site.status !== 'active') {
      // A closed site's pages all answer its notice: nothing to crawl or list.
      if (name !== 'robots.txt') return c.notFound();
      return c.body('User-agent: *\nDisallow: /\n', 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': SHORT,
      });
    }
    const prebuilt = await serveFile(c.req.raw, join(config.sitesDir, site.sld, name), { cacheControl: SHORT });
    if (prebuilt) return prebuilt;
    // A built site has all its sitemap files: listing every page again would only answer 404.
    if (await hasBuild(config.sitesDir, site.sld)) return c.notFound();
    // Not built yet: made on demand from the same page list the build uses.
    const pages = await listSitePages(source, site, {
      recentYears: sitesConfig.prebuildRecentYears,
      languages: sitesConfig.languages,
      now: now(),
    });
    const content = sitemapFiles(publicOrigin(site, config.baseDomain), pages)[name];
    if (content === undefined) return c.notFound();
    const type = name.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8';
    return c.body(content, 200, { 'Content-Type': type, 'Cache-Control': SHORT });
  });
}
