/**
 * Worker threads that prerender pages, one per core by default. A site's paths are cut into
 * chunks handed to whichever worker is free, so every core stays busy to the end.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrerenderJob, PrerenderResult } from './prerender.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './render-worker.ts';

export type RenderPool = {
  /** renders all paths of a job across the workers; onProgress gets the running total */
  run(job: PrerenderJob, onProgress?: (done: number) => void): Promise<PrerenderResult>;
  close(): Promise<void>;
};

/** pages per message: small enough that the last chunks of a site end together on every core */
const CHUNK_MAX = 40;

type Task = { id: number; job: PrerenderJob; progress(done: number): void; resolve(r: PrerenderResult): void; reject(e: Error): void };

export function createRenderPool(init: WorkerInit & { workers?: number }): RenderPool {
  const count = Math.max(1, init.workers ?? availableParallelism());
  const data: WorkerInit = { astroOutDir: init.astroOutDir, databasePath: init.databasePath, rcPubOrigin: init.rcPubOrigin };
  const queue: Task[] = [];
  const busy = new Map<Worker, Task>();
  let nextId = 1;
  let broken: Error | null = null;

  const dispatch = () => {
    for (const worker of threads) {
      if (busy.has(worker)) continue;
      const task = queue.shift();
      if (!task) return;
      busy.set(worker, task);
      worker.postMessage({ id: task.id, job: task.job } satisfies WorkerRequest);
    }
  };

  const threads = Array.from({ length: count }, () => {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const task = busy.get(worker);
      if (!task || task.id !== reply.id) return;
      if (reply.type === 'progress') return task.progress(reply.done);
      busy.delete(worker);
      if (reply.type === 'done') task.resolve(reply.result);
      else task.reject(new Error(reply.message));
      dispatch();
    });
    worker.on('error', (error) => {
      broken = error;
      for (const task of [...busy.values(), ...queue.splice(0)]) task.reject(error);
      busy.clear();
    });
    return worker;
  });

  const submit = (job: PrerenderJob, progress: (done: number) => void) =>
    new Promise<PrerenderResult>((resolve, reject) => {
      if (broken) return reject(broken);
      queue.push({ id: nextId++, job, progress, resolve, reject });
      dispatch();
    });

  return {
    async run(job, onProgress) {
      const chunkSize = Math.min(CHUNK_MAX, Math.max(10, Math.ceil(job.paths.length / (count * 4))));
      const chunks: string[][] = [];
      for (let i = 0; i < job.paths.length; i += chunkSize) chunks.push(job.paths.slice(i, i + chunkSize));
      if (chunks.length === 0) chunks.push([]);
      const doneByChunk = new Array<number>(chunks.length).fill(0);
      const results = await Promise.all(
        chunks.map((paths, index) =>
          submit({ ...job, paths, notFoundPage: index === 0 && job.notFoundPage === true }, (done) => {
            doneByChunk[index] = done;
            onProgress?.(doneByChunk.reduce((a, b) => a + b, 0));
          }),
        ),
      );
      return {
        written: results.reduce((sum, r) => sum + r.written, 0),
        skipped: results.flatMap((r) => r.skipped),
        failed: results.flatMap((r) => r.failed),
      };
    },
    async close() {
      await Promise.all(threads.map((worker) => worker.terminate()));
    },
  };
}
