/**
 * Builds one site: list its pages, render them on the pool into a fresh folder, add sitemaps and
 * robots.txt, then swap the folder in. Any page failing to render discards the new folder, so
 * the old site keeps serving, and the error says which pages failed and why.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../../content/types.ts';
import { discardBuild, freshBuildFolder, swapIn } from '../static/site-folder.ts';
import { pageKey, prepareSpare, writePages } from '../static/site-versions.ts';
import { linksByRoute } from './linked-articles.ts';
import { publicOrigin } from './public-origin.ts';
import { listSitePages } from './site-pages.ts';
import { SHELL_FILE, shellFingerprint, type UpdateSiteOptions } from './site-update.ts';
import { sitemapFiles } from './sitemaps.ts';
import { writeWithTwins } from './write-page.ts';

export type BuildSiteOptions = UpdateSiteOptions & {
  /** called once the pages wait in the pool's queue (the next site may then queue behind them) */
  onQueued?: () => void;
};

export type SiteBuildSummary = { sld: string; listed: number; written: number; skipped: number; seconds: number };
/** what the builder records besides: the articles each written page links, by route */
type BuiltSite = SiteBuildSummary & { links: Map<string, Set<number>> };

export class SiteBuildError extends Error {
  readonly sld: string;
  constructor(sld: string, message: string) {
    super(`site ${sld}: ${message}`);
    this.sld = sld;
  }
}

export async function buildSite(site: Site, options: BuildSiteOptions): Promise<BuiltSite> {
  const started = performance.now();
  const listOptions = {
    recentYears: options.recentYears,
    languages: options.languages,
    ...(options.now ? { now: options.now } : {}),
  };
  // read before the pages: a change made while they render leaves a fingerprint that differs
  const fingerprint = await shellFingerprint(options.source, site);
  const pages = await listSitePages(options.source, site, listOptions);
  const origin = publicOrigin(site, options.baseDomain);
  const folder = await freshBuildFolder(options.sitesDir, site.sld);
  let written: number;
  let skipped: Set<string>;
  let links: Map<string, Set<number>>;
  try {
    options.onProgress?.(0, pages.length);
    const rendering = options.pool.run(
      { site, origin, paths: pages.map((page) => page.path), outDir: folder, notFoundPage: true },
      (done) => options.onProgress?.(done, pages.length),
    );
    options.onQueued?.();
    const result = await rendering;
    if (result.failed.length > 0) {
      const sample = result.failed.slice(0, 5).map((failure) => `${failure.path} (${failure.reason})`);
      throw new SiteBuildError(site.sld, `${result.failed.length} page(s) failed to render: ${sample.join('; ')}`);
    }
    if (result.written === 0 && pages.length > 0)
      throw new SiteBuildError(site.sld, 'no page rendered (every listed page answered 404)');
    written = result.written;
    skipped = new Set(result.skipped);
    links = linksByRoute(result.links);
    const files = sitemapFiles(
      origin,
      pages.filter((page) => !skipped.has(page.path)),
    );
    for (const [name, content] of Object.entries(files)) await writeWithTwins(join(folder, name), Buffer.from(content));
    await writeFile(join(folder, SHELL_FILE), fingerprint);
    await writePages(
      folder,
      pages.flatMap((page) => {
        const key = skipped.has(page.path) ? null : pageKey(page.path);
        return key === null ? [] : [key];
      }),
    );
    await options.beforeSwap?.();
    await swapIn(options.sitesDir, site.sld, folder);
  } catch (error) {
    await discardBuild(folder);
    throw error instanceof SiteBuildError
      ? error
      : new SiteBuildError(site.sld, error instanceof Error ? error.message : String(error));
  }
  // the first pass over changes then starts from a copy instead of linking one
  await prepareSpare(options.sitesDir, site.sld, folder);
  return {
    sld: site.sld,
    listed: pages.length,
    written,
    skipped: skipped.size,
    seconds: (performance.now() - started) / 1000,
    links,
  };
}
