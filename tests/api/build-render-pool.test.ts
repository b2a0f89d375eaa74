/**
 * The render pool's real worker threads, with a stand-in Astro entry: a worker that exits or
 * crashes fails its run with a clear error instead of hanging it, is replaced for the next run,
 * and a failed run has stopped writing into its folder by the time run() rejects.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderPool, type RenderPool } from '../../src/server/build/render-pool.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';
import { testSite } from '../fixtures/site.ts';

// '/exit/…' ends the worker thread, '/crash/…' throws outside any request, '/slow/…' takes 150 ms.
const ENTRY = `
export async function handler(req, res) {
  if (req.url.includes('/exit/')) process.exit(3);
  if (req.url.includes('/crash/')) {
    setTimeout(() => { throw new Error('crashed outside a request'); });
    return new Promise(() => {});
  }
  if (req.url.includes('/slow/')) await new Promise((resolve) => setTimeout(resolve, 150));
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!DOCTYPE html><title>' + req.url + '</title>');
}
`;

let work: string;
let demo: Awaited<ReturnType<typeof createDemoDb>>;
let pool: RenderPool;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'render-pool-'));
  mkdirSync(join(work, 'astro', 'server'), { recursive: true });
  writeFileSync(join(work, 'astro', 'server', 'entry.mjs'), ENTRY);
  demo = await createDemoDb({ articles: 5 });
  pool = createRenderPool({
    astroOutDir: join(work, 'astro'),
    databasePath: demo.path,
    rcPubOrigin: undefined,
    workers: 2,
  });
});
afterAll(async () => {
  await pool?.close();
  await demo?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

const site = testSite({ id: 1, sld: 'jmst' });
let jobs = 0;
const job = (paths: string[]) => ({
  site,
  origin: 'https://jmst.example.org',
  paths,
  outDir: join(work, `out-${++jobs}`),
});
const pages = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}/`);
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
};

describe('render pool', () => {
  it('renders every path of a job across the workers', async () => {
    const result = await pool.run(job(pages('/zh/ok/', 30)));
    expect(result.written).toBe(30);
  });

  it('fails a run whose worker exits, and renders the next run with a new worker', async () => {
    await expect(pool.run(job(['/zh/exit/1/', ...pages('/zh/ok/', 5)]))).rejects.toThrow(
      /render worker stopped \(exit code 3\)/,
    );
    await expect(pool.run(job(['/zh/crash/1/']))).rejects.toThrow(/crashed outside a request/);
    const next = await pool.run(job(pages('/zh/ok/', 30)));
    expect(next.written).toBe(30);
  });

  it('has stopped writing a failed run’s pages when run() rejects, and never starts its queued chunks', async () => {
    // chunks of 10: the first fails at once, the second is rendering, the other six wait
    const failing = job([...pages('/zh/exit/', 1), ...pages('/zh/slow/a', 9), ...pages('/zh/slow/b', 70)]);
    await expect(pool.run(failing)).rejects.toThrow(/exit code 3/);
    const atRejection = filesUnder(failing.outDir);
    // the pool takes chunks in order: a run submitted now ends after any chunk of the failed run
    // that were still queued had started writing
    expect((await pool.run(job(pages('/zh/ok/', 30)))).written).toBe(30);
    expect(filesUnder(failing.outDir)).toEqual(atRejection);
    expect(atRejection.filter((file) => file.endsWith('index.html')).length).toBeLessThan(40);
  });
});
