/**
 * Renders a list of paths of one site through the Astro app and writes the pages that answer 200.
 * 404s are skipped (the route list may name a page a site does not have); anything else fails.
 */
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { linkedArticles, routeOf } from './linked-articles.ts';
import type { RenderGet } from './renderer.ts';
import { writePage } from './write-page.ts';

export type PrerenderResult = {
  written: number;
  skipped: string[];
  failed: { path: string; reason: string }[];
  /** each written page's path and the articles it links (linked-articles.ts) */
  links: [string, number[]][];
};

export type PrerenderJob = {
  site: Site;
  origin: string;
  paths: string[];
  outDir: string;
  /** also write 404.html (the not-found page, for nginx's error_page) */
  notFoundPage?: boolean;
};

/**
 * What the chunks of one build share on a worker: the content snapshot (snapshot-source.ts) and
 * the HTML of island-free shell parts (BuildCached.astro), which cannot change within a snapshot.
 */
export type BuildContext = { source: ContentSource; fragments: Map<string, string> };

const IN_FLIGHT = 4;

export async function prerenderPaths(
  render: RenderGet,
  { source, fragments }: BuildContext,
  job: PrerenderJob,
  onProgress?: (done: number) => void,
): Promise<PrerenderResult> {
  const result: PrerenderResult = { written: 0, skipped: [], failed: [], links: [] };
  const locals = { source, site: job.site, fragments };
  let next = 0;
  let done = 0;
  const one = async (path: string) => {
    try {
      // a copy per page: the middleware sets the page's language on its locals, and pages of both
      // languages render at once
      const page = await render(job.origin + path, { ...locals });
      if (!page || page.status === 404) result.skipped.push(path);
      else if (page.status !== 200) result.failed.push({ path, reason: `HTTP ${page.status}` });
      else {
        writePage(job.outDir, path, page.body);
        result.written++;
        result.links.push([path, [...linkedArticles(page.body, routeOf(path).article)]]);
      }
    } catch (error) {
      result.failed.push({ path, reason: error instanceof Error ? error.message : String(error) });
    }
    done++;
    if (done % 50 === 0) onProgress?.(done);
  };
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < job.paths.length) {
        const path = job.paths[next++];
        if (path !== undefined) await one(path);
      }
    }),
  );
  if (job.notFoundPage) {
    const page = await render(`${job.origin}/404`, locals).catch(() => null);
    if (page?.status === 404) writePage(job.outDir, '/404.html', page.body);
  }
  onProgress?.(done);
  return result;
}
