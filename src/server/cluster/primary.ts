/**
 * WORKERS > 1: the primary process forks HTTP workers (node:cluster shares the listening socket)
 * and owns the one site builder, so rebuilds asked of any worker are coalesced in one queue and
 * never run twice at once. A worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { SiteBuilder } from '../build/site-builder.ts';
import { type ToWorker, toPrimarySchema } from './messages.ts';

export type WorkerPool = {
  /** resolves with the port once every worker listens */
  ready: Promise<number>;
  /** asks for a rebuild as a worker would, and tells every worker how it went */
  rebuild(sld: string): ReturnType<SiteBuilder['rebuild']['request']>;
  close(): Promise<void>;
};

const WORKER_ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));

export function startWorkers(options: { builder: SiteBuilder; count: number }): WorkerPool {
  const { builder, count } = options;
  let closing = false;
  let listening = 0;
  let resolveReady: (port: number) => void = () => {};
  const ready = new Promise<number>((resolve) => {
    resolveReady = resolve;
  });

  const broadcast = (message: ToWorker) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
  };
  const stateOf = (sld: string): ToWorker => ({
    type: 'rebuild-state',
    sld,
    state: builder.rebuild.state(sld),
    last: builder.rebuild.last(sld) ?? null,
  });
  // every site asked about so far: a worker started later is told their state too
  const known = new Set<string>();
  const announce = (sld: string) => {
    known.add(sld);
    broadcast(stateOf(sld));
  };

  const rebuild = (sld: string) => {
    const outcome = builder.rebuild.request(sld);
    announce(sld);
    void outcome.then(() => announce(sld));
    return outcome;
  };

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (raw: unknown) => {
      const parsed = toPrimarySchema.safeParse(raw);
      if (!parsed.success) return;
      const { id, sld } = parsed.data;
      void rebuild(sld).then((outcome) => {
        if (worker.isConnected()) worker.send({ type: 'rebuilt', id, outcome } satisfies ToWorker);
      });
    });
    worker.on('listening', (address) => {
      // not at 'online': the worker listens for messages only once its code has loaded
      for (const sld of known) worker.send(stateOf(sld));
      listening++;
      if (listening === count) resolveReady(address.port);
    });
    worker.on('exit', (code, signal) => {
      if (closing) return;
      console.error(`HTTP worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      fork();
    });
    return worker;
  };

  cluster.setupPrimary({ exec: WORKER_ENTRY, args: [] });
  for (let i = 0; i < count; i++) fork();

  return {
    ready,
    rebuild,
    async close() {
      closing = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      await builder.close();
    },
  };
}
