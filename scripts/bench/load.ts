import { Agent, request } from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; rps: number; latencies: number[] };

export type LoadOptions = {
  port: number;
  host: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
};

/** Keeps `connections` keep-alive connections busy for `seconds`, cycling through paths. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const deadline = performance.now() + options.seconds * 1000;
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const one = (path: string) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: options.port, path, agent, headers: { ...options.headers, host: options.host } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        await one(options.paths[i % options.paths.length] ?? '/');
        requests++;
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { requests, errors, seconds, rps: requests / seconds, latencies };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One request to 127.0.0.1:port with a Host header (Node cannot resolve *.localhost). */
export function requestVia(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { ...init.headers, host }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}

/** Waits until a server started on `port` answers (robots.txt), for at most `ms`. */
export async function waitUntilServing(port: number, host: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answered = await requestVia(port, host, '/robots.txt').then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on ${port} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
