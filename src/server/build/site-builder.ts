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
import { hasBuild } from '../static/site-folder.ts';
import { type ContentChange, lastChangeId, type RecordedChange } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { linkingRoutesOf, type PageLinks, pagesLinking, writePageLinks } from '../store/page-links.ts';
import { recordPass } from '../store/pass-history.ts';
import { activeSiteSlds } from '../store/sites.ts';
import { buildSite, type SiteBuildSummary } from './build-site.ts';
import { withCitedArticles } from './cited-changes.ts';
import { planPages } from './page-dependencies.ts';
import { passCauses } from './pass-causes.ts';
import { createPassTracker, type PassStatus } from './pass-status.ts';
import { queuedInOrder, type Settled } from './queued-in-order.ts';
import { createRebuildQueue, type RebuildQueue } from './rebuild-queue.ts';
import { createRenderPool, type RenderPool } from './render-pool.ts';
import { type HeldSite, RENDER_LEASE_MS, siteLeases } from './site-leases.ts';
import { SiteUpdateError, shellFingerprint, siteFacts, type UpdateSiteOptions, updateSite } from './site-update.ts';

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
  /** where a pass says what it rendered (default: console.log) */
  log?: (line: string) => void;
  /** how long a site's render lease lasts unrenewed (src/server/build/site-leases.ts) */
  renderLeaseMs?: number;
};

/** The options every entry point takes from the portal configuration. */
export function builderPaths(
  config: PortalConfig,
): Pick<
  SiteBuilderOptions,
  'astroOutDir' | 'sitesDir' | 'databasePath' | 'rcPubOrigin' | 'baseDomain' | 'renderLeaseMs'
> {
  return {
    renderLeaseMs: config.renderLeaseMs,
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
  /**
   * Applies recorded changes: per site, the affected pages only (page-dependencies.ts), or the
   * whole site when its shell changed. Sites without a prebuilt version are left to on-demand renders,
   * and sites another server has rendered through these changes meanwhile are left as they are.
   */
  applyChanges(changes: readonly RecordedChange[]): Promise<void>;
  /** the pass in progress (pages done and to do), the last one's result and counts, failed pages */
  passStatus(sld: string): PassStatus;
  /**
   * Keeps the render workers loaded between passes (a server following the change log): a pass
   * after a quiet spell then does not first load the app and open the store in each worker.
   */
  keepWarm(): void;
  /** renders waiting for a site another process renders give up (the server is stopping) */
  stopWaiting(): void;
  close(): Promise<void>;
};

export type SiteBuildOutcome = Settled<Site, SiteBuildSummary>;

const IDLE_CLOSE_MS = 30_000;

export function createSiteBuilder(options: SiteBuilderOptions): SiteBuilder {
  let pool: RenderPool | null = null;
  let users = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let warm = false;

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
    if (users > 0 || warm) return;
    idleTimer = setTimeout(() => {
      const closing = pool;
      pool = null;
      void closing?.close();
    }, IDLE_CLOSE_MS);
    idleTimer.unref();
  };

  // One pass at a time per site, full or partial: each starts from the version the last one swapped in.
  const locks = new Map<string, Promise<unknown>>();
  const locked = <T>(sld: string, fn: () => Promise<T>): Promise<T> => {
    const previous = locks.get(sld) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const tail = next.catch(() => undefined);
    locks.set(sld, tail);
    void tail.then(() => {
      if (locks.get(sld) === tail) locks.delete(sld);
    });
    return next;
  };
  const passes = createPassTracker();
  const log = options.log ?? ((line: string) => console.log(line));
  // one process at a time renders a site, among every process on this store
  let stopping = false;
  const leases = siteLeases({
    db: options.db,
    ms: options.renderLeaseMs ?? RENDER_LEASE_MS,
    log,
    stopping: () => stopping,
  });
  /** the history in the store is what the console lists; a failed write must not fail the pass */
  const finish = async (site: Site, result: Parameters<typeof passes.finish>[1]) => {
    const pass = passes.finish(site.sld, result);
    try {
      await recordPass(options.db, site.id, pass);
    } catch (error) {
      log(`publishing history of ${site.sld} not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /**
   * Keeps the articles the pages written link (a full build: every route it did not write goes).
   * A failure leaves the pass done and is logged: those pages then miss a later change of what they link.
   */
  const recordLinks = async (site: Site, links: PageLinks, gone: Iterable<string> | 'unwritten') => {
    try {
      const goneRoutes =
        gone === 'unwritten' ? [...(await linkingRoutesOf(options.db, site.id))].filter((r) => !links.has(r)) : gone;
      await writePageLinks(options.db, site.id, links, goneRoutes);
    } catch (error) {
      log(`links of ${site.sld}'s pages not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** onQueued: called once the site's pages wait in the render pool's queue */
  const build = (site: Site, onQueued?: () => void) =>
    locked(site.sld, () => leases.hold(site.sld, { wholeSite: true }, (held) => buildLocked(site, held, onQueued)));
  /** What a full build and a pass over changes share: the content, the pool, where and what to render. */
  const passOptions = (pool: RenderPool, held: HeldSite): UpdateSiteOptions => ({
    source: options.source,
    pool,
    beforeSwap: () => held.stillHeld(),
    sitesDir: options.sitesDir,
    baseDomain: options.baseDomain,
    recentYears: options.recentYears ?? sitesConfig.prebuildRecentYears,
    languages: options.languages ?? sitesConfig.languages,
    ...(options.now ? { now: options.now() } : {}),
  });

  const buildLocked = async (site: Site, held: HeldSite, onQueued?: () => void) => {
    // read before any page: the build shows every change up to it
    const through = await lastChangeId(options.db);
    const renderPool = acquire();
    passes.start(site.sld, 'full');
    try {
      const { links, ...summary } = await buildSite(site, {
        ...passOptions(renderPool, held),
        onProgress: (done, total) => {
          passes.progress(site.sld, done, total);
          options.onProgress?.(site.sld, done, total);
        },
        ...(onQueued ? { onQueued } : {}),
      });
      await recordLinks(site, links, 'unwritten');
      await finish(site, { ok: true, kind: 'full', pages: { all: summary.written }, failed: [] });
      held.rendered(through);
      return summary;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // the console names the failure by its kind only: its detail is read here
      log(`build ${site.sld} failed: ${message}`);
      await finish(site, { ok: false, kind: 'full', pages: {}, failed: [], error: message });
      throw error;
    } finally {
      release();
    }
  };

  /**
   * One site's pass over its changes, and over its pages that link one of `changedArticles`:
   * 'whole' when the whole site must be built instead.
   */
  const updateLocked = async (
    site: Site,
    held: HeldSite,
    changes: readonly ContentChange[],
    changedArticles: readonly number[],
  ): Promise<'done' | 'whole' | 'failed'> => {
    const planStarted = performance.now();
    passes.start(site.sld, 'changes', passCauses(changes));
    let fingerprint: string;
    let plan: ReturnType<typeof planPages>;
    try {
      fingerprint = await shellFingerprint(options.source, site);
      // looked up once the site's previous pass has recorded the links of the pages it wrote
      const linkingPages = (await pagesLinking(options.db, changedArticles, site.id)).get(site.id);
      plan = planPages(changes, {
        ...(await siteFacts(options.source, site, changes)),
        ...(linkingPages ? { linkingPages } : {}),
      });
    } catch (error) {
      // data that cannot be read fails the pass before any page: reported like a failed page
      const message = error instanceof Error ? error.message : String(error);
      log(`live update ${site.sld} failed: ${message}`);
      await finish(site, { ok: false, kind: 'changes', pages: {}, failed: [], error: message });
      return 'failed';
    }
    const planSeconds = (performance.now() - planStarted) / 1000;
    const renderPool = acquire();
    try {
      const summary = await updateSite(site, plan, fingerprint, {
        ...passOptions(renderPool, held),
        onProgress: (done, total) => passes.progress(site.sld, done, total),
      });
      if (summary === null) {
        passes.cancel(site.sld);
        log(`live update ${site.sld}: the shell changed: every page`);
        return 'whole';
      }
      await recordLinks(site, summary.links, summary.goneRoutes);
      const counts = Object.entries(summary.pages).map(([kind, count]) => `${kind} ${count}`);
      const steps = Object.entries({ plan: planSeconds, ...summary.steps }).map(
        ([name, seconds]) => `${name} ${seconds.toFixed(2)}`,
      );
      log(
        `live update ${site.sld}: ${summary.rendered} page(s) rendered (${counts.join(', ') || 'none'})${summary.sitemaps ? ', sitemaps' : ''}${summary.shell ? ', new shell' : ''}, ${summary.listed} page(s) looked up, ${summary.linked} file(s) kept, ${summary.seconds.toFixed(2)} s (${steps.join(', ')})`,
      );
      await finish(site, {
        ok: true,
        kind: 'changes',
        pages: summary.pages,
        failed: [],
        steps: { plan: planSeconds, ...summary.steps },
        listed: summary.listed,
      });
      return 'done';
    } catch (error) {
      const failed = error instanceof SiteUpdateError ? error.failed : [];
      const message = error instanceof Error ? error.message : String(error);
      log(`live update ${site.sld} failed: ${message}`);
      await finish(site, { ok: false, kind: 'changes', pages: {}, failed, error: message });
      return 'failed';
    } finally {
      release();
    }
  };

  /**
   * A site's pass over changes through `through`, under its lease: skipped when another process has
   * rendered the site that far meanwhile; the whole site built instead when its shell changed or
   * the lease's last owner died building all of it.
   */
  const passOver = (site: Site, changes: readonly ContentChange[], changedArticles: number[], through: number) =>
    locked(site.sld, () =>
      leases.hold(site.sld, { wholeSite: false }, async (held) => {
        if (held.taken.wholeSite) {
          log(`live update ${site.sld}: the server building all of it stopped: every page`);
          return true;
        }
        if (held.taken.renderedChangeId >= through) {
          log(`live update ${site.sld}: rendered through change ${through} already, by another server`);
          return false;
        }
        const outcome = await updateLocked(site, held, changes, changedArticles);
        if (outcome === 'done') held.rendered(through);
        return outcome === 'whole';
      }),
    );

  const applyChanges = async (changes: readonly RecordedChange[]) => {
    const through = Math.max(0, ...changes.map((change) => change.id));
    const bySite = new Map<number, ContentChange[]>();
    for (const change of await withCitedArticles(options.db, changes))
      bySite.set(change.siteId, [...(bySite.get(change.siteId) ?? []), change]);
    // the sites whose pages list a changed or removed article (only the changed ones: a citing
    // article's change is not a change of what the pages listing the cited one show); each site's
    // pass looks its pages up again when its turn comes
    const changedArticles = changes.flatMap((change) =>
      change.kind === 'article' && change.action !== 'added' ? change.ids : [],
    );
    const linking = await pagesLinking(options.db, changedArticles);
    for (const siteId of linking.keys()) if (!bySite.has(siteId)) bySite.set(siteId, []);
    for (const [siteId, siteChanges] of bySite) {
      const site = await options.source.findSiteById(siteId);
      if (site?.status !== 'active' || !(await hasBuild(options.sitesDir, site.sld))) continue;
      const whole = await passOver(site, siteChanges, changedArticles, through);
      // not awaited: the queue coalesces it with other requests, and stopping need not wait for it
      if (whole) void rebuild.request(site.sld);
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
    const slds = only?.length ? [...new Set(only)] : await activeSiteSlds(options.db);
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
    applyChanges,
    passStatus: (sld) => passes.status(sld),
    keepWarm() {
      warm = true;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
    },
    stopWaiting() {
      stopping = true;
    },
    async close() {
      // the builds running now finish their swap; nothing new starts, nothing waits for a lease
      stopping = true;
      rebuild.stop();
      await rebuild.idle();
      if (idleTimer) clearTimeout(idleTimer);
      const closing = pool;
      pool = null;
      await closing?.close();
    },
  };
}
