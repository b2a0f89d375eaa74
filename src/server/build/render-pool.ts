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

type Task = {
  id: number;
  /** which run() the chunk belongs to, so a failed run can take its other chunks off the queue */
  run: number;
  job: PrerenderJob;
  progress(done: number): void;
  resolve(r: PrerenderResult): void;
  reject(e: Error): void;
};

export function createRenderPool(init: WorkerInit & { workers?: number }): RenderPool {
  const count = Math.max(1, init.workers ?? availableParallelism());
  const data: WorkerInit = {
    astroOutDir: init.astroOutDir,
    databasePath: init.databasePath,
    rcPubOrigin: init.rcPubOrigin,
  };
  const queue: Task[] = [];
  const busy = new Map<Worker, Task>();
  const threads: Worker[] = [];
  let nextId = 1;
  let nextRun = 1;
  let closing = false;

  const dispatch = () => {
    // A worker that died is replaced only when there is work for it: one that dies as it starts
    // fails the chunk it was given, not forever.
    while (!closing && threads.length < count && queue.length > threads.length - busy.size) spawn();
    for (const worker of threads) {
      if (busy.has(worker)) continue;
      const task = queue.shift();
      if (!task) return;
      busy.set(worker, task);
      worker.postMessage({ id: task.id, job: task.job } satisfies WorkerRequest);
    }
  };

  /** A worker that threw or exited fails the chunk it had; the others and the queue go on. */
  const lose = (worker: Worker, error: Error) => {
    const index = threads.indexOf(worker);
    if (index < 0) return;
    threads.splice(index, 1);
    const task = busy.get(worker);
    busy.delete(worker);
    task?.reject(error);
    // after the run has taken its other chunks off the queue (drop), not before
    queueMicrotask(dispatch);
  };

  const spawn = () => {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const task = busy.get(worker);
      if (!task || task.id !== reply.id) return;
      if (reply.type === 'progress') return task.progress(reply.done);
      busy.delete(worker);
      if (reply.type === 'done') task.resolve(reply.result);
      else task.reject(new Error(reply.message));
      queueMicrotask(dispatch);
    });
    worker.on('error', (error) => lose(worker, error));
    worker.on('exit', (code) => lose(worker, new Error(`a render worker stopped (exit code ${code})`)));
    threads.push(worker);
  };
  for (let i = 0; i < count; i++) spawn();

  const submit = (run: number, job: PrerenderJob, progress: (done: number) => void) =>
    new Promise<PrerenderResult>((resolve, reject) => {
      if (closing) return reject(new Error('the render pool is closed'));
      queue.push({ id: nextId++, run, job, progress, resolve, reject });
      dispatch();
    });

  /** Takes a failed run's chunks that have not started off the queue. */
  const drop = (run: number, error: Error) => {
    for (let i = queue.length - 1; i >= 0; i--) {
      const task = queue[i];
      if (task?.run !== run) continue;
      queue.splice(i, 1);
      task.reject(error);
    }
  };

  return {
    async run(job, onProgress) {
      const chunkSize = Math.min(CHUNK_MAX, Math.max(10, Math.ceil(job.paths.length / (count * 4))));
      const chunks: string[][] = [];
      for (let i = 0; i < job.paths.length; i += chunkSize) chunks.push(job.paths.slice(i, i + chunkSize));
      if (chunks.length === 0) chunks.push([]);
      const doneByChunk = new Array<number>(chunks.length).fill(0);
      const run = nextRun++;
      let failure: Error | null = null;
      const results = await Promise.allSettled(
        chunks.map((paths, index) =>
          submit(run, { ...job, paths, notFoundPage: index === 0 && job.notFoundPage === true }, (done) => {
            doneByChunk[index] = done;
            onProgress?.(doneByChunk.reduce((a, b) => a + b, 0));
          }).catch((error: Error) => {
            failure ??= error;
            drop(run, failure);
            throw error;
          }),
        ),
      );
      // Only now, with none of its chunks still rendering, may the caller delete the job's folder.
      if (failure) throw failure;
      const values = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      return {
        written: values.reduce((sum, r) => sum + r.written, 0),
        skipped: values.flatMap((r) => r.skipped),
        failed: values.flatMap((r) => r.failed),
        links: values.flatMap((r) => r.links),
      };
    },
    async close() {
      closing = true;
      for (const task of queue.splice(0)) task.reject(new Error('the render pool is closed'));
      await Promise.all(threads.map((worker) => worker.terminate()));
    },
  };
}
