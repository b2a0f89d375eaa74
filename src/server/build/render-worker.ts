/**
 * Worker thread of the render pool: opens its own content source and Astro renderer, then
 * prerenders the jobs it is sent. One per core; see render-pool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ContentSource } from '../../content/source.ts';
import { openContent } from './open-content.ts';
import { prerenderPaths, type PrerenderJob } from './prerender.ts';
import { loadRenderer } from './renderer.ts';

export type WorkerInit = { astroOutDir: string; databasePath: string; rcPubOrigin: string | undefined };
export type WorkerRequest = { id: number; job: PrerenderJob };
export type WorkerReply =
  | { id: number; type: 'progress'; done: number }
  | { id: number; type: 'done'; result: Awaited<ReturnType<typeof prerenderPaths>> }
  | { id: number; type: 'error'; message: string };

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

let ready: Promise<{ source: ContentSource; render: Awaited<ReturnType<typeof loadRenderer>> }> | null = null;
const setup = () => {
  ready ??= (async () => ({ source: openContent(init).source, render: await loadRenderer(init.astroOutDir) }))();
  return ready;
};

port.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const { source, render } = await setup();
    const result = await prerenderPaths(render, source, job, (done) => port.postMessage({ id, type: 'progress', done } satisfies WorkerReply));
    port.postMessage({ id, type: 'done', result } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ id, type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
  }
});
