/**
 * Step 4 of the request path: a prebuilt page of the site (unless the query may matter), else a
 * public file of the Astro build (favicon, images), whatever the query. Null: render on demand.
 * Prebuilt pages usually never get here: prebuilt-cache.ts answers them on the raw Node request.
 */
import { join } from 'node:path';
import type { Site } from '../../content/types.ts';
import type { PortalConfig } from '../config.ts';
import { fileForPath, prebuiltFileFor, queryNeedsRender } from '../static/paths.ts';
import { serveFile } from '../static/serve-file.ts';
import { REVALIDATE, SHORT } from './env.ts';

export async function prebuiltOrPublicFile(
  request: Request,
  site: Site,
  config: Pick<PortalConfig, 'sitesDir' | 'astroOutDir'>,
): Promise<Response | null> {
  const url = new URL(request.url);
  const file = queryNeedsRender(url.searchParams)
    ? null
    : prebuiltFileFor(join(config.sitesDir, site.sld), url.pathname);
  const prebuilt = file
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
