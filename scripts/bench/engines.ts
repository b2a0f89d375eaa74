/**
 * `npm run bench -- --engine postgres`: the same figures on the embedded SQLite store and on
 * PostgreSQL, side by side, in one run: the demo seeded by `npm run seed` (BENCH_ARTICLES, 2,000 by
 * default), a full build of jmst, static pages, an article page and a search result page on demand
 * (p50/p95), and a menu change until live. Each engine gets the same server (`src/server/main.ts`,
 * one process) started with its store; PostgreSQL is DATABASE_URL when set (an empty database),
 * else a throwaway cluster (scripts/lib/postgres-cluster.ts). Printed, never asserted.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../../src/server/config.ts';
import { freePort } from '../lib/free-port.ts';
import { type PostgresCluster, startPostgresCluster } from '../lib/postgres-cluster.ts';
import { load, percentile, requestVia, waitUntilServing } from './load.ts';
import { rawLoad } from './raw-load.ts';

const run = promisify(execFile);
const env = z
  .object({
    BENCH_ARTICLES: z.coerce.number().int().min(100).max(1_000_000).default(2000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(?:ql)?:\/\//)
      .optional(),
  })
  .parse(process.env);
const astroOutDir = resolve(loadConfig().astroOutDir);
if (!existsSync(join(astroOutDir, 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}
const TOKEN = 'bench-token-0123456789';
const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const HOST = 'jmst.localhost';
const SEARCH_TERMS = ['材料', '合金', 'alloy', '组织', 'steel', '性能', 'corrosion', '热处理'];

type Figures = {
  seedSeconds: number;
  buildPagesPerSecond: number;
  staticRps: number;
  articleP50: number;
  articleP95: number;
  searchP50: number;
  searchP95: number;
  menuLiveSeconds: number;
};

const seconds = (since: number) => (performance.now() - since) / 1000;

async function startServer(
  storeEnv: Record<string, string>,
  sitesDir: string,
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      ...storeEnv,
      WORKERS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITES_DIR: sitesDir,
      ASTRO_OUT_DIR: astroOutDir,
      REBUILD_TOKEN: TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilServing(port, HOST, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { port, child };
}

type Prepared = { port: number; child: ChildProcess; work: string; sitesDir: string; seedSeconds: number };

/** Seeds the engine's store with `npm run seed` and starts a server on it. */
async function prepare(storeEnv: Record<string, string>): Promise<Prepared> {
  const work = mkdtempSync(join(tmpdir(), 'portal-engines-'));
  const sitesDir = join(work, 'sites');
  const withStore = { ...storeEnv, DATABASE_PATH: join(work, 'portal.db') };
  const started = performance.now();
  await run(process.execPath, ['scripts/seed.ts', '--articles', String(env.BENCH_ARTICLES)], {
    env: { ...process.env, ...withStore },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seedSeconds = seconds(started);
  return { ...(await startServer(withStore, sitesDir)), work, sitesDir, seedSeconds };
}

async function buildRate({ port }: Prepared): Promise<number> {
  const started = performance.now();
  const built = await requestVia(port, HOST, '/_admin/rebuild?wait=1', {
    method: 'POST',
    headers: admin,
    body: '{"site":"jmst"}',
  });
  const answer = z.object({ summary: z.object({ written: z.number() }) }).parse(JSON.parse(built.body));
  return answer.summary.written / seconds(started);
}

const sitemapOf = ({ sitesDir }: Prepared) =>
  readFileSync(join(sitesDir, 'jmst', 'sitemap.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((url) => new URL(url).pathname);

const HEADERS = { 'accept-encoding': 'gzip' };

/** One round of the request figures against one server: static req/s, then the on-demand latencies. */
async function requestRound(server: Prepared) {
  const { port } = server;
  const sitemap = sitemapOf(server);
  const statics = await rawLoad({
    port,
    host: HOST,
    paths: sitemap.slice(0, 200),
    connections: 16,
    seconds: 2,
    headers: HEADERS,
  });
  // a query string makes the server render the page rather than serve its prebuilt file
  const articles = sitemap.filter((path) => path.includes('/article/')).slice(0, 50);
  const ssr = await load({
    port,
    host: HOST,
    paths: articles.map((path, i) => `${path}?ssr=${i}`),
    connections: 1,
    seconds: 3,
    headers: HEADERS,
  });
  const search = await load({
    port,
    host: HOST,
    paths: SEARCH_TERMS.map(
      (term) => `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent(term)}&lang=zh`,
    ),
    connections: 1,
    seconds: 3,
    headers: HEADERS,
  });
  return { staticRps: statics.rps, ssr: ssr.latencies, search: search.latencies };
}

async function menuLiveSeconds({ port }: Prepared): Promise<number> {
  const channels = z
    .object({
      channels: z.array(z.object({ id: z.number(), parentId: z.number(), code: z.string(), enable: z.string() })),
    })
    .parse(JSON.parse((await requestVia(port, HOST, '/_admin/sites/jmst/channels', { headers: admin })).body)).channels;
  const channel = channels.find((c) => c.parentId === 0 && c.enable === '1' && c.code !== 'index');
  if (!channel) throw new Error('no menu item to rename on jmst');
  const name = `基准${Date.now().toString(36)}`;
  const started = performance.now();
  await requestVia(port, HOST, `/_admin/sites/jmst/channels/${channel.id}?rebuild=1`, {
    method: 'PATCH',
    headers: admin,
    body: JSON.stringify({ name }),
  });
  for (;;) {
    const home = await requestVia(port, HOST, '/zh/home/');
    if (home.body.includes(name) && home.headers['x-rendered'] === undefined) return seconds(started);
    if (seconds(started) > 300) throw new Error('the menu change was not live within 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ROUNDS = 3;

/** Every figure for both servers, each step run on one and then the other so a slow spell hits both. */
async function measureBoth(servers: [Prepared, Prepared]): Promise<[Figures, Figures]> {
  const builds: number[][] = [[], []];
  for (const [i, server] of servers.entries()) builds[i]?.push(await buildRate(server));
  const rounds: Awaited<ReturnType<typeof requestRound>>[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, server] of servers.entries()) rounds[i]?.push(await requestRound(server));
  const menus: number[] = [];
  for (const server of servers) menus.push(await menuLiveSeconds(server));
  const figures = (i: number): Figures => {
    const mine = rounds[i] ?? [];
    return {
      seedSeconds: servers[i]?.seedSeconds ?? 0,
      buildPagesPerSecond: median(builds[i] ?? []),
      staticRps: median(mine.map((r) => r.staticRps)),
      articleP50: median(mine.map((r) => percentile(r.ssr, 50))),
      articleP95: median(mine.map((r) => percentile(r.ssr, 95))),
      searchP50: median(mine.map((r) => percentile(r.search, 50))),
      searchP95: median(mine.map((r) => percentile(r.search, 95))),
      menuLiveSeconds: menus[i] ?? 0,
    };
  };
  return [figures(0), figures(1)];
}

const ROWS: [string, (f: Figures) => string][] = [
  ['seed (npm run seed), s', (f) => f.seedSeconds.toFixed(1)],
  ['build of jmst, pages/s', (f) => f.buildPagesPerSecond.toFixed(0)],
  ['static pages, req/s (one process)', (f) => f.staticRps.toFixed(0)],
  ['article on demand, p50 / p95 ms', (f) => `${f.articleP50.toFixed(1)} / ${f.articleP95.toFixed(1)}`],
  ['search result page, p50 / p95 ms', (f) => `${f.searchP50.toFixed(1)} / ${f.searchP95.toFixed(1)}`],
  ['menu change until live, s', (f) => f.menuLiveSeconds.toFixed(1)],
];

export async function compareEngines(): Promise<void> {
  console.log(`engines: ${env.BENCH_ARTICLES} articles, SQLite and PostgreSQL, one server process each\n`);
  let cluster: PostgresCluster | undefined;
  const servers: Prepared[] = [];
  try {
    if (!env.DATABASE_URL) cluster = await startPostgresCluster();
    // (an empty DATABASE_URL is the SQLite file, whatever the caller's environment names)
    servers.push(await prepare({ DATABASE_URL: '' }));
    servers.push(await prepare({ DATABASE_URL: env.DATABASE_URL ?? cluster?.url ?? '' }));
    const [sqlite, postgres] = await measureBoth(servers as [Prepared, Prepared]);
    const width = Math.max(...ROWS.map(([label]) => label.length));
    console.log(`${''.padEnd(width)}  ${'SQLite'.padStart(14)}  ${'PostgreSQL'.padStart(14)}`);
    for (const [label, value] of ROWS)
      console.log(`${label.padEnd(width)}  ${value(sqlite).padStart(14)}  ${value(postgres).padStart(14)}`);
    console.log(`\n(request figures: medians of ${ROUNDS} rounds, alternating between the two servers)`);
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      rmSync(server.work, { recursive: true, force: true });
    }
    await cluster?.stop();
  }
}

if (import.meta.main) await compareEngines();
