/**
 * Worker thread of the render pool: opens its own content source and Astro renderer, then
 * prerenders the jobs it is sent. One per core; see render-pool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ContentSource } from '../../content/source.ts';
import { openContent } from './open-content.ts';
import { type BuildContext, type PrerenderJob, prerenderPaths } from './prerender.ts';
import { loadGetRenderer } from './renderer.ts';
import { snapshotSource } from './snapshot-source.ts';

export type WorkerInit = { astroOutDir: string; databasePath: string; rcPubOrigin: string | undefined };
export type WorkerRequest = { id: number; job: PrerenderJob };
export type WorkerReply =
  | { id: number; type: 'progress'; done: number }
  | { id: number; type: 'done'; result: Awaited<ReturnType<typeof prerenderPaths>> }
  | { id: number; type: 'error'; message: string };

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

let ready: Promise<{ source: ContentSource; render: Awaited<ReturnType<typeof loadGetRenderer>> }> | null = null;
const setup = () => {
  ready ??= (async () => ({
    source: (await openContent(init)).source,
    render: await loadGetRenderer(init.astroOutDir),
  }))();
  return ready;
};
// Load the app while the main thread lists the site's pages; a failure is reported with the first job.
setup().catch(() => undefined);

// A build's chunks share one snapshot and one cache of shell fragments per worker (a build writes
// one folder: outDir names it).
const BUILDS_KEPT = 4;
const builds = new Map<string, BuildContext>();
const buildContextFor = (source: ContentSource, job: PrerenderJob): BuildContext => {
  let context = builds.get(job.outDir);
  if (!context) {
    context = { source: snapshotSource(source), fragments: new Map() };
    builds.set(job.outDir, context);
    for (const oldest of builds.keys()) {
      if (builds.size <= BUILDS_KEPT) break;
      builds.delete(oldest);
    }
  }
  return context;
};

port.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const { source, render } = await setup();
    const result = await prerenderPaths(render, buildContextFor(source, job), job, (done) =>
      port.postMessage({ id, type: 'progress', done } satisfies WorkerReply),
    );
    port.postMessage({ id, type: 'done', result } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({
      id,
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies WorkerReply);
  }
});
