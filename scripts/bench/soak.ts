/**
 * The bounded soak of `npm run bench`: a fixed number of requests (BENCH_SOAK_REQUESTS, default
 * 100,000) mixing prebuilt pages, on-demand renders and API calls, over keep-alive connections to
 * one server process on 127.0.0.1, with that process's resident memory read from /proc after the
 * warm-up, at each tenth of the run and at the end: memory that levels off is caches filling up to
 * their bounds, memory that keeps climbing is a leak.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { percentile } from './load.ts';

export type SoakKind = 'prebuilt' | 'onDemand' | 'api';

export type SoakOptions = {
  port: number;
  pid: number;
  host: string;
  paths: Record<SoakKind, string[]>;
  /** how many requests of each kind in every ten */
  mix: Record<SoakKind, number>;
  requests: number;
  warmUp: number;
  connections: number;
};

type Tally = { requests: number; errors: number; busy: number; latencies: number[] };

/** The resident memory of a process in MB (Linux). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function soak(options: SoakOptions): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const order: SoakKind[] = (Object.keys(options.mix) as SoakKind[]).flatMap((kind) =>
    Array<SoakKind>(options.mix[kind]).fill(kind),
  );
  const tallies: Record<SoakKind, Tally> = {
    prebuilt: { requests: 0, errors: 0, busy: 0, latencies: [] },
    onDemand: { requests: 0, errors: 0, busy: 0, latencies: [] },
    api: { requests: 0, errors: 0, busy: 0, latencies: [] },
  };
  const one = (kind: SoakKind, path: string, measured: boolean) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const tally = tallies[kind];
      const count = (status: number) => {
        if (!measured) return;
        tally.requests++;
        if (status === 503) tally.busy++;
        else if (status !== 200) tally.errors++;
        tally.latencies.push(performance.now() - started);
      };
      const req = request(
        {
          host: '127.0.0.1',
          port: options.port,
          path,
          agent,
          headers: { host: options.host, 'accept-encoding': 'gzip' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            count(res.statusCode ?? 0);
            done();
          });
        },
      );
      req.on('error', () => {
        count(0);
        done();
      });
      req.end();
    });

  let next = 0;
  const samples: string[] = [];
  const run = async (until: number, measured: boolean, onTenth?: (done: number) => void) => {
    const tenth = Math.max(1, Math.floor((until - next) / 10));
    const start = next;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (next < until) {
          const i = next++;
          const kind = order[i % order.length] ?? 'prebuilt';
          const paths = options.paths[kind];
          await one(kind, paths[Math.floor(i / order.length) % paths.length] ?? '/', measured);
          if (onTenth && (i - start + 1) % tenth === 0) onTenth(i - start + 1);
        }
      }),
    );
  };

  const atStart = residentMb(options.pid);
  await run(options.warmUp, false);
  const afterWarmUp = residentMb(options.pid);
  const measuredFrom = performance.now();
  await run(options.warmUp + options.requests, true, (done) =>
    samples.push(`${(done / 1000).toFixed(0)}k ${residentMb(options.pid).toFixed(0)}`),
  );
  const seconds = (performance.now() - measuredFrom) / 1000;
  const atEnd = residentMb(options.pid);
  agent.destroy();

  const all = Object.values(tallies);
  const total = all.reduce((sum, t) => sum + t.requests, 0);
  const errors = all.reduce((sum, t) => sum + t.errors, 0);
  const busy = all.reduce((sum, t) => sum + t.busy, 0);
  const p95 = percentile(
    all.flatMap((t) => t.latencies),
    95,
  );
  console.log(
    `5. soak: ${total} requests (${options.mix.prebuilt}:${options.mix.onDemand}:${options.mix.api} prebuilt:on-demand:API, ${options.connections} connections) in ${seconds.toFixed(1)} s, ` +
      `${(total / seconds).toFixed(0)} req/s, ${errors} errors, ${busy} busy (503), p95 ${p95.toFixed(1)} ms`,
  );
  for (const [kind, tally] of Object.entries(tallies)) {
    console.log(
      `   ${kind}: ${tally.requests} requests, p50 ${percentile(tally.latencies, 50).toFixed(1)} ms, p95 ${percentile(tally.latencies, 95).toFixed(1)} ms, ${tally.errors} errors, ${tally.busy} busy`,
    );
  }
  console.log(
    `   resident memory: ${atStart.toFixed(0)} MB before the first request, ${afterWarmUp.toFixed(0)} MB after ${options.warmUp} warm-up requests, ${atEnd.toFixed(0)} MB at the end`,
  );
  console.log(`   along the run (requests MB): ${samples.join(', ')}`);
}
