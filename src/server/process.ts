/**
 * The part that owns the process: listens on the port (one process, or a primary with HTTP
 * workers) and stops on SIGINT/SIGTERM. src/server/main.ts (npm run serve), scripts/start.ts and
 * the cluster workers start the portal through it.
 */

import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { ContentSource } from '../content/source.ts';
import type { AdminRebuilder } from './admin/routes.ts';
import { createPortalServer, type PortalServer } from './app.ts';
import { takeOverAbandonedSites } from './build/abandoned-sites.ts';
import { refusedRebuilds } from './build/builder-off.ts';
import { type ChangeFeed, type ChangeSignal, followChanges } from './build/change-feed.ts';
import { openContent } from './build/open-content.ts';
import { builderPaths, createSiteBuilder, type SiteBuilder } from './build/site-builder.ts';
import { THIS_PROCESS } from './build/site-leases.ts';
import { firstUnrendered } from './build/unrendered-changes.ts';
import { startWorkers } from './cluster/primary.ts';
import type { PortalConfig } from './config.ts';
import { startCountRollupJob } from './count-rollup-job.ts';
import { createMailer } from './mail/mailer.ts';
import { type PublishJob, startPublishJob } from './publish-job.ts';
import { cleanBuilds } from './static/site-folder.ts';
import type { Db } from './store/db.ts';
import { sendDigests } from './subscriptions/digest.ts';

export type RunningPortal = { port: number; app: PortalServer; close(): Promise<void> };

/**
 * Start-up cleanup of what killed builds left under .builds/, then the change log followed: every
 * recorded change, whichever process made it, re-renders the pages it touches, starting with those
 * a prebuilt site has not rendered yet (made while no builder ran); and a site another builder was
 * killed building is built here.
 */
async function keepCurrent(
  config: PortalConfig,
  db: Db,
  builder: SiteBuilder,
  signal: ChangeSignal | undefined,
): Promise<ChangeFeed> {
  // a pass must not wait for workers to load (about 5 s at 100,000 articles on 2 cores)
  builder.keepWarm();
  const removed = await cleanBuilds(config.sitesDir);
  if (removed.length > 0)
    console.log(`removed ${removed.length} leftover build folder(s) under ${config.sitesDir}/.builds`);
  const { from, newest } = await firstUnrendered(db, config.sitesDir);
  if (from < newest) console.log(`replaying the change log after change ${from}: the prebuilt sites lag behind it`);
  const feed = await followChanges({
    db,
    from,
    apply: (changes) => builder.applyChanges(changes),
    ...(signal ? { signal } : {}),
  });
  const takeover = takeOverAbandonedSites({ db, builder, everyMs: Math.max(250, config.renderLeaseMs / 3) });
  return {
    settled: () => feed.settled(),
    stop: () => {
      takeover.stop();
      // a pass waiting for another server's render would hold the stop until that render ends
      builder.stopWaiting();
      return feed.stop();
    },
  };
}

/** Serves a portal on config.host:config.port (port 0 picks a free one). */
export async function listen(options: {
  config: PortalConfig;
  db?: Db;
  source?: ContentSource;
  now?: () => Date;
  rebuilder?: AdminRebuilder;
  /** wakes the reader of the change log (default: a poll every second) */
  changeSignal?: ChangeSignal;
}): Promise<RunningPortal> {
  const content =
    options.db && options.source ? { db: options.db, source: options.source } : await openContent(options.config);
  // BUILDER=off: the server with the builder renders into the shared SITES_DIR, this one never does
  const rebuilder = options.rebuilder ?? (options.config.builder ? undefined : refusedRebuilds());
  const app = createPortalServer({
    ...content,
    config: options.config,
    ...(options.now ? { now: options.now } : {}),
    ...(rebuilder ? { rebuilder } : {}),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const viaApp = getRequestListener(app.fetch);
    // Prebuilt pages are answered before the request becomes a web Request; the rest goes to Hono.
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      app.serveNode(req, res).then(
        (handled) => (handled ? undefined : viaApp(req, res)),
        (error: unknown) => {
          console.error('prebuilt page failed', error);
          if (!res.headersSent) void viaApp(req, res);
        },
      );
    };
    const started = createServer(serverOptions(options.config.timeouts), listener);
    started.keepAliveTimeout = options.config.timeouts.keepAliveMs;
    started.once('error', reject);
    started.listen(options.config.port, options.config.host, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  // the process that owns the builder (not a cluster's HTTP worker) keeps the prebuilt sites current
  const feed = rebuilder ? null : await keepCurrent(options.config, content.db, app.builder, options.changeSignal);
  let closing: Promise<void> | null = null;
  return {
    port,
    app,
    close() {
      closing ??= (async () => {
        await feed?.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await app.close();
      })();
      return closing;
    },
  };
}

/**
 * node:http's limits, set explicitly: a client that trickles its headers or body loses its socket
 * (408) after headersMs / requestMs, checked every second rather than node's default 30 s.
 */
export function serverOptions(timeouts: PortalConfig['timeouts']): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
  };
}

export type Serving = {
  port: number;
  /** the builder owning rebuilds (for its list of sites to build) */
  builder: SiteBuilder;
  /** a rebuild as the admin API asks for it, seen by every HTTP process */
  rebuild(sld: string): ReturnType<SiteBuilder['rebuild']['request']>;
  close(): Promise<void>;
};

/** Serves with config.workers processes: one in-process server, or a primary with HTTP workers. */
export async function serve(config: PortalConfig, content: { db: Db; source: ContentSource }): Promise<Serving> {
  if (config.workers <= 1) {
    const portal = await listen({ config, ...content });
    const rollups = startCountRollupJob(content.db, THIS_PROCESS);
    const { builder } = portal.app;
    const rebuild = (sld: string) => (config.builder ? builder.rebuild : refusedRebuilds()).request(sld);
    const publishing = config.builder ? startServerPublishJob(config, content) : null;
    return {
      port: portal.port,
      builder,
      rebuild,
      close: () => portal.close().finally(() => stopJobs(rollups, publishing)),
    };
  }
  const ownBuilder = createSiteBuilder({ ...content, ...builderPaths(config) });
  const builder = config.builder ? ownBuilder : { ...ownBuilder, rebuild: refusedRebuilds() };
  const workers = startWorkers({ builder, count: config.workers });
  const port = await workers.ready;
  const rollups = startCountRollupJob(content.db, THIS_PROCESS);
  const publishing = config.builder ? startServerPublishJob(config, content) : null;
  const feed = config.builder ? await keepCurrent(config, content.db, builder, undefined) : null;
  return {
    port,
    builder,
    rebuild: workers.rebuild,
    close: async () => {
      await feed?.stop();
      await workers.close().finally(() => stopJobs(rollups, publishing));
    },
  };
}

function stopJobs(...jobs: ({ stop(): void } | null)[]): void {
  for (const job of jobs) job?.stop();
}

/** The publish job of the process that owns rebuilds: changes recorded (the change feed re-renders), digests sent, when scheduled content appears. */
function startServerPublishJob(config: PortalConfig, content: { db: Db; source: ContentSource }): PublishJob {
  const mailer = createMailer({ db: content.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const log = (message: string, error: unknown) => console.error(message, error);
  return startPublishJob({
    db: content.db,
    owner: THIS_PROCESS,
    intervalMs: config.publishCheckMs,
    log,
    sendDigests: () =>
      sendDigests({
        db: content.db,
        source: content.source,
        mailer,
        baseDomain: config.baseDomain,
        now: new Date(),
        log,
      }),
  });
}

/** Closes on SIGINT/SIGTERM so running rebuilds finish their swap first. */
export function stopOnSignals(running: { close(): Promise<void> }): void {
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
