/**
 * `npm run bench`: figures for the design card, printed, never asserted.
 *  1. build throughput (pages/s) prebuilding every demo site
 *  2. static page throughput of our server against nginx serving the same files (ratio)
 *  3. on-demand (SSR) latency p50/p95 of an article page
 *  4. time from a menu change to the new menu live on a site of 2,000 articles
 *  5. a bounded soak (BENCH_SOAK_REQUESTS, default 100,000) mixing prebuilt, on-demand and API
 *     requests: req/s, errors, 503s, p95 and the server's resident memory along the run
 *  6. search p50/p95 and index build time over 100,000 articles (scripts/bench/search.ts)
 *  7. each page kind on demand and the prebuild rate at 2,000 and at 100,000 articles
 *     (scripts/bench/scale.ts, which also runs alone)
 *  8. a menu rename, a new issue and a title correction until live on every page, end to end
 *     (scripts/bench/live.ts, which also runs alone, and on a copy of a 100,000-article database)
 *  9. an article page's relation lists and counts, p50/p95 at 2,000 and at 100,000 articles
 *     (scripts/bench/relations.ts, over scale.ts's databases)
 * Needs the Astro app built (`npm run build` or `npx astro build`); BENCH_ARTICLES sets the size.
 * With `-- --engine postgres` it prints instead the build, static, on-demand, search and menu
 * figures on SQLite and on PostgreSQL side by side (scripts/bench/engines.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { nginxConfig } from '../../src/server/build/nginx-config.ts';
import { createSiteBuilder } from '../../src/server/build/site-builder.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { openDb } from '../../src/server/store/db.ts';
import { freePort } from '../lib/free-port.ts';
import { compareEngines } from './engines.ts';
import { type LoadResult, load, percentile, requestVia, waitUntilServing } from './load.ts';
import { rawLoad } from './raw-load.ts';
import { soak } from './soak.ts';

// `npm run bench -- --engine postgres`: the engines side by side (scripts/bench/engines.ts) instead
const { values: options } = parseArgs({ options: { engine: { type: 'string' } } });
const engine = z.enum(['sqlite', 'postgres']).optional().parse(options.engine);
if (engine === 'postgres') {
  await compareEngines();
  process.exit(0);
}

const config = loadConfig();
const articles = Number(process.env['BENCH_ARTICLES'] ?? 2000);
const astroOutDir = resolve(config.astroOutDir);
if (!existsSync(join(astroOutDir, 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}
// BENCH_DIR: where the database and the prebuilt sites go (default: the OS temp folder)
const work = mkdtempSync(join(process.env['BENCH_DIR'] ?? tmpdir(), 'portal-bench-'));
const databasePath = join(work, 'portal.db');
const sitesDir = join(work, 'sites');
const token = 'bench-token-0123456789';
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const child of children) if (child.pid && child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);

// 1. build throughput
const db = openDb(databasePath);
let started = performance.now();
await seedDemo(db, { articles });
console.log(`seeded ${articles} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const source = createLocalSource(db);
const builder = createSiteBuilder({
  db,
  source,
  astroOutDir,
  sitesDir,
  databasePath,
  rcPubOrigin: undefined,
  baseDomain: config.baseDomain,
});
started = performance.now();
const cpuBefore = process.cpuUsage();
let pages = 0;
for (const summary of await builder.buildAll(await builder.sitesToBuild())) pages += summary.written;
await builder.close();
const buildSeconds = (performance.now() - started) / 1000;
// render workers are threads of this process: their CPU time is in here. A large system share
// means the disk (writing three files a page), not rendering, set the pace.
const cpu = process.cpuUsage(cpuBefore);
const perPage = (micros: number) => (micros / 1000 / pages).toFixed(1);
console.log(
  `\n1. build: ${pages} pages, ${buildSeconds.toFixed(1)} s, ${(pages / buildSeconds).toFixed(0)} pages/s (target 200+; Astro static ~86, Hugo ~500)` +
    `\n   CPU ${(cpu.user / 1e6).toFixed(1)} s user + ${(cpu.system / 1e6).toFixed(1)} s system (${perPage(cpu.user)} + ${perPage(cpu.system)} ms a page); output in ${sitesDir}`,
);

// 2. static throughput: our server vs nginx on the same files
const nodePort = await freePort();
const node = spawn(process.execPath, ['src/server/main.ts'], {
  // two HTTP processes, as nginx below runs two worker processes
  env: {
    ...process.env,
    WORKERS: '2',
    PORT: String(nodePort),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    SITES_DIR: sitesDir,
    ASTRO_OUT_DIR: astroOutDir,
    REBUILD_TOKEN: token,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
children.push(node);
await waitUntilServing(nodePort, 'jmst.localhost', 10_000);
const sitemap = readFileSync(join(sitesDir, 'jmst', 'sitemap.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((url) => new URL(url).pathname);
const staticPaths = sitemap.slice(0, 200);
const headers = { 'accept-encoding': 'gzip' };
const measure = async (port: number) => {
  await rawLoad({ port, host: 'jmst.localhost', paths: staticPaths, connections: 16, seconds: 1, headers });
  return rawLoad({ port, host: 'jmst.localhost', paths: staticPaths, connections: 32, seconds: 3, headers });
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
// Rounds alternate between the two servers so a slow spell of this shared machine hits both.
const ROUNDS = 3;
const oursRuns: LoadResult[] = [];
const nginxRuns: LoadResult[] = [];
const nginxPort = existsSync('/usr/sbin/nginx') ? await startNginx() : null;
for (let round = 0; round < ROUNDS; round++) {
  oursRuns.push(await measure(nodePort));
  if (nginxPort) nginxRuns.push(await measure(nginxPort));
}
const oursRps = median(oursRuns.map((run) => run.rps));
const nginxRps = median(nginxRuns.map((run) => run.rps));
const oursErrors = oursRuns.reduce((sum, run) => sum + run.errors, 0);
console.log(
  `2. static pages (median of ${ROUNDS} alternating rounds): ours (2 workers) ${oursRps.toFixed(0)} req/s (p50 ${percentile(
    oursRuns.flatMap((run) => run.latencies),
    50,
  ).toFixed(1)} ms, ${oursErrors} errors)` +
    (nginxPort
      ? `, nginx (2 workers) ${nginxRps.toFixed(0)} req/s, ratio ${(oursRps / nginxRps).toFixed(2)}× (target ≥ 0.5×)`
      : ', nginx not installed'),
);

async function startNginx(): Promise<number> {
  const port = await freePort();
  const prefix = join(work, 'nginx');
  mkdirSync(prefix);
  writeFileSync(
    join(prefix, 'portal.conf'),
    nginxConfig({
      listen: `127.0.0.1:${port}`,
      upstreams: [`127.0.0.1:${nodePort}`],
      sitesDir,
      clientDir: join(astroOutDir, 'client'),
      sites: [{ sld: 'jmst', hosts: ['jmst.localhost'] }],
    }),
  );
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\nworker_processes 2;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents { worker_connections 1024; }\nhttp { include /etc/nginx/mime.types; access_log off; sendfile on; keepalive_requests 100000;\n client_body_temp_path ${prefix}/b; proxy_temp_path ${prefix}/p; fastcgi_temp_path ${prefix}/f; uwsgi_temp_path ${prefix}/u; scgi_temp_path ${prefix}/s;\n include ${prefix}/portal.conf; }\n`,
  );
  children.push(
    spawn('/usr/sbin/nginx', ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf')], {
      stdio: 'ignore',
    }),
  );
  await waitUntilServing(port, 'jmst.localhost', 10_000);
  return port;
}

// 3. SSR latency of an article page (a query string forces on-demand rendering)
const articlePaths = sitemap.filter((path) => path.includes('/article/')).slice(0, 50);
const ssr = await load({
  port: nodePort,
  host: 'jmst.localhost',
  paths: articlePaths.map((path, i) => `${path}?ssr=${i}`),
  connections: 1,
  seconds: 4,
  headers,
});
console.log(
  `3. on-demand article page: p50 ${percentile(ssr.latencies, 50).toFixed(1)} ms, p95 ${percentile(ssr.latencies, 95).toFixed(1)} ms over ${ssr.requests} requests (target p95 < 50 ms)`,
);

// 4. menu change → live
const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const listed = JSON.parse(
  (await requestVia(nodePort, 'jmst.localhost', '/_admin/sites/jmst/channels', { headers: admin })).body,
) as {
  channels: { id: number; parentId: number; code: string; enable: string }[];
};
const channel = listed.channels.find((c) => c.parentId === 0 && c.enable === '1' && c.code !== 'index');
if (channel) {
  const name = `基准${Date.now().toString(36)}`;
  started = performance.now();
  await requestVia(nodePort, 'jmst.localhost', `/_admin/sites/jmst/channels/${channel.id}?rebuild=1`, {
    method: 'PATCH',
    headers: admin,
    body: JSON.stringify({ name }),
  });
  for (;;) {
    const home = await requestVia(nodePort, 'jmst.localhost', '/zh/home/');
    if (home.body.includes(name) && home.headers['x-rendered'] === undefined) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `4. menu change → live on jmst (${articles} articles in the store): ${((performance.now() - started) / 1000).toFixed(1)} s (target < 30 s)`,
  );
}
node.kill('SIGTERM');

// 5. a bounded soak against one server process (its memory is one process's)
const soakPort = await freePort();
const single = spawn(process.execPath, ['src/server/main.ts'], {
  env: {
    ...process.env,
    WORKERS: '1',
    PORT: String(soakPort),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    SITES_DIR: sitesDir,
    ASTRO_OUT_DIR: astroOutDir,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
children.push(single);
await waitUntilServing(soakPort, 'jmst.localhost', 10_000);
const home = (await requestVia(soakPort, 'jmst.localhost', '/zh/home/')).body;
const fileIds = [...new Set([...home.matchAll(/files\/get\?id=(\d+)/g)].map((match) => match[1]))].slice(0, 10);
await soak({
  port: soakPort,
  pid: single.pid ?? 0,
  host: 'jmst.localhost',
  paths: {
    prebuilt: staticPaths,
    // a different query each time, up to 2,000: nothing can answer these from a cache of pages
    onDemand: Array.from({ length: 2000 }, (_, i) => `${articlePaths[i % articlePaths.length]}?ssr=${i}`),
    api: [
      apiPaths.channelList,
      apiPaths.headerConfig,
      apiPaths.footerConfig,
      ...fileIds.map((id) => `${apiPaths.fileGet}?id=${id}`),
    ],
  },
  mix: { prebuilt: 6, onDemand: 2, api: 2 },
  requests: Number(process.env['BENCH_SOAK_REQUESTS'] ?? 100_000),
  warmUp: 10_000,
  connections: 32,
});
single.kill('SIGTERM');
db.close();
cleanup();

// 6. search, over a database of its own (SEARCH_BENCH_ARTICLES, 100,000 articles by default)
console.log('\n6. search (scripts/bench/search.ts)');
await new Promise<void>((done) => {
  spawn(process.execPath, [fileURLToPath(new URL('./search.ts', import.meta.url))], { stdio: 'inherit' }).on(
    'exit',
    () => done(),
  );
});

// 7. the same page kinds at 2,000 and at 100,000 articles (scripts/bench/scale.ts)
console.log('\n7. page kinds at two archive sizes (scripts/bench/scale.ts)');
await new Promise<void>((done) => {
  spawn(process.execPath, [fileURLToPath(new URL('./scale.ts', import.meta.url))], { stdio: 'inherit' }).on(
    'exit',
    () => done(),
  );
});

// 9. an article page's relation lists at 2,000 and at 100,000 articles (scripts/bench/relations.ts)
console.log('\n9. related articles at two archive sizes (scripts/bench/relations.ts)');
await new Promise<void>((done) => {
  spawn(process.execPath, [fileURLToPath(new URL('./relations.ts', import.meta.url))], { stdio: 'inherit' }).on(
    'exit',
    () => done(),
  );
});

// 8. changes until live on every page (scripts/bench/live.ts)
console.log('\n8. changes live on every page (scripts/bench/live.ts)');
await new Promise<void>((done) => {
  spawn(process.execPath, [fileURLToPath(new URL('./live.ts', import.meta.url))], { stdio: 'inherit' }).on('exit', () =>
    done(),
  );
});
