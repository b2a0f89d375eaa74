/**
 * Step 4 of the request path: a prebuilt page of the site (unless the query may matter), else a
 * public file of the Astro build (favicon, images), whatever the query. Null: render on demand.
 * Prebuilt pages usually never get here: prebuilt-cache.ts answers them on the raw Node request.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../../content/types.ts';
import type { PortalConfig } from '../config.ts';
import { fileForPath, prebuiltFileFor, queryNeedsRender } from '../static/paths.ts';
import { serveFile } from '../static/serve-file.ts';
import { SHELL_TEMPLATES_FILE } from '../static/shell-regions.ts';
import { REVALIDATE, SHORT } from './env.ts';

export async function prebuiltOrPublicFile(
  request: Request,
  site: Site,
  config: Pick<PortalConfig, 'sitesDir' | 'astroOutDir'>,
): Promise<Response | null> {
  const url = new URL(request.url);
  const root = join(config.sitesDir, site.sld);
  const file = queryNeedsRender(url.searchParams) ? null : prebuiltFileFor(root, url.pathname);
  // a page of a version with a newer shell than its own: prebuilt-cache.ts composes it, else render it
  const stale =
    file?.endsWith('.html') &&
    (await access(join(root, SHELL_TEMPLATES_FILE)).then(
      () => true,
      () => false,
    ));
  const prebuilt =
    file && !stale
      ? await serveFile(request, file, { cacheControl: file.endsWith('.html') ? REVALIDATE : SHORT })
      : null;
  return prebuilt ?? publicFile(request, config);
}

/** A file of the Astro build's public folder (favicon, pictures), whatever the query; null if none. */
export async function publicFile(
  request: Request,
  config: Pick<PortalConfig, 'astroOutDir'>,
): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  const file = pathname.endsWith('/') ? null : fileForPath(join(config.astroOutDir, 'client'), pathname);
  return file ? serveFile(request, file, { cacheControl: SHORT, ranges: true }) : null;
}
