/**
 * The build service the CLI scripts and the server share: which sites to build, a render pool
 * opened on demand and closed when idle, and the per-site rebuild queue.
 */
import { sitesConfig } from '../../../sites.config.ts';
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { dictionary, format } from '../../i18n/index.ts';
import type { Lang } from '../../lib/lang.ts';
import type { PortalConfig } from '../config.ts';
import type { Db } from '../store/db.ts';
import { activeSiteSlds } from '../store/sites.ts';
import { buildSite, type SiteBuildSummary } from './build-site.ts';
import { queuedInOrder, type Settled } from './queued-in-order.ts';
import { createRebuildQueue, type RebuildQueue } from './rebuild-queue.ts';
import { createRenderPool, type RenderPool } from './render-pool.ts';

/** Build errors are read in the console and the admin API, both in English. */
const messages = dictionary('en').server;

export type SiteBuilderOptions = {
  db: Db;
  source: ContentSource;
  astroOutDir: string;
  sitesDir: string;
  databasePath: string;
  rcPubOrigin: string | undefined;
  baseDomain: string;
  workers?: number;
  languages?: readonly Lang[];
  recentYears?: number;
  now?: () => Date;
  onProgress?: (sld: string, done: number, total: number) => void;
};

/** The options every entry point takes from the portal configuration. */
export function builderPaths(config: PortalConfig): Pick<SiteBuilderOptions, 'astroOutDir' | 'sitesDir' | 'databasePath' | 'rcPubOrigin' | 'baseDomain'> {
  return {
    astroOutDir: config.astroOutDir,
    sitesDir: config.sitesDir,
    databasePath: config.databasePath,
    rcPubOrigin: config.rcPubOrigin,
    baseDomain: config.baseDomain,
  };
}

export type SiteBuilder = {
  /** slds of the sites to prebuild: the given ones, else every active site */
  sitesToBuild(only?: readonly string[]): Promise<Site[]>;
  build(site: Site): Promise<SiteBuildSummary>;
  /**
   * Builds sites in order and yields each outcome in that order. Each site lists its pages while
   * the one before it renders and queues behind it, so no core waits at a site boundary.
   */
  buildEach(sites: readonly Site[]): AsyncGenerator<SiteBuildOutcome>;
  /** buildEach for callers that stop at the first failure: the summaries, or that failure thrown */
  buildAll(sites: readonly Site[]): Promise<SiteBuildSummary[]>;
  rebuild: RebuildQueue<SiteBuildSummary>;
  close(): Promise<void>;
};

export type SiteBuildOutcome = Settled<Site, SiteBuildSummary>;

const IDLE_CLOSE_MS = 30_000;

export function createSiteBuilder(options: SiteBuilderOptions): SiteBuilder {
  let pool: RenderPool | null = null;
  let users = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  const acquire = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    users++;
    pool ??= createRenderPool({
      astroOutDir: options.astroOutDir,
      databasePath: options.databasePath,
      rcPubOrigin: options.rcPubOrigin,
      ...(options.workers ? { workers: options.workers } : {}),
    });
    return pool;
  };
  const release = () => {
    users--;
    if (users > 0) return;
    idleTimer = setTimeout(() => {
      const closing = pool;
      pool = null;
      void closing?.close();
    }, IDLE_CLOSE_MS);
    idleTimer.unref();
  };

  /** onQueued: called once the site's pages wait in the render pool's queue */
  const build = async (site: Site, onQueued?: () => void) => {
    const renderPool = acquire();
    try {
      return await buildSite(site, {
        source: options.source,
        pool: renderPool,
        sitesDir: options.sitesDir,
        baseDomain: options.baseDomain,
        recentYears: options.recentYears ?? sitesConfig.prebuildRecentYears,
        languages: options.languages ?? sitesConfig.languages,
        ...(options.now ? { now: options.now() } : {}),
        onProgress: (done, total) => options.onProgress?.(site.sld, done, total),
        ...(onQueued ? { onQueued } : {}),
      });
    } finally {
      release();
    }
  };

  const buildEach = (sites: readonly Site[]) => queuedInOrder(sites, build);

  const buildAll = async (sites: readonly Site[]) => {
    const summaries: SiteBuildSummary[] = [];
    for await (const outcome of buildEach(sites)) {
      if ('error' in outcome) throw outcome.error;
      summaries.push(outcome.value);
    }
    return summaries;
  };

  /** The site a build is for: it exists and is open (a closed site's pages all redirect away). */
  const buildableSite = async (sld: string): Promise<Site> => {
    const site = await options.source.findSiteBySld(sld);
    if (!site) throw new Error(format(messages.adminSiteNotFound, { sld }));
    if (site.status !== 'active') throw new Error(format(messages.adminSiteClosed, { sld, status: site.status }));
    return site;
  };

  const sitesToBuild = async (only?: readonly string[]) => {
    const slds = only?.length
      ? [...new Set(only)]
      : await activeSiteSlds(options.db);
    const sites: Site[] = [];
    for (const sld of slds) sites.push(await buildableSite(sld));
    return sites;
  };

  const rebuild = createRebuildQueue(async (sld: string) => build(await buildableSite(sld)));

  return {
    sitesToBuild,
    build,
    buildEach,
    buildAll,
    rebuild,
    async close() {
      // the builds running now finish their swap; nothing new starts
      rebuild.stop();
      await rebuild.idle();
      if (idleTimer) clearTimeout(idleTimer);
      const closing = pool;
      pool = null;
      await closing?.close();
    },
  };
}
