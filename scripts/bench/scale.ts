/**
 * `node scripts/bench/scale.ts` (step 7 of `npm run bench`, or alone): the same page kinds
 * rendered on demand over 2,000 and over 100,000 articles, p50/p95 and the server's
 * CPU per request, its memory, and the prebuild rate of an evenly spread sample of jmst's pages.
 * Prints, never asserts. SCALE_SIZES (default 2000,100000); SCALE_DATA_DIR keeps the seeded
 * databases between runs (default the OS temp folder; a 100,000-article seed takes minutes);
 * SCALE_SECONDS per page kind (default 3); SCALE_BUILD_PAGES (default 400).
 * Needs the Astro app built (`npx astro build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sitesConfig } from '../../sites.config.ts';
import { publicOrigin } from '../../src/server/build/public-origin.ts';
import { createRenderPool } from '../../src/server/build/render-pool.ts';
import { listSitePages } from '../../src/server/build/site-pages.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { isSeeded, seedDemo } from '../../src/server/seed/index.ts';
import { refreshAllRollups } from '../../src/server/store/count-rollups.ts';
import { openDb } from '../../src/server/store/db.ts';
import { visitDay } from '../../src/server/store/visits.ts';
import { freePort } from '../lib/free-port.ts';
import { load, percentile, requestVia, waitUntilServing } from './load.ts';

const config = loadConfig();
const astroOutDir = resolve(config.astroOutDir);
if (!existsSync(join(astroOutDir, 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}
const sizes = (process.env['SCALE_SIZES'] ?? '2000,100000').split(',').map(Number);
const dataDir = process.env['SCALE_DATA_DIR'] ?? join(tmpdir(), 'portal-scale-bench');
const seconds = Number(process.env['SCALE_SECONDS'] ?? 3);
const buildPages = Number(process.env['SCALE_BUILD_PAGES'] ?? 400);
const host = 'jmst.localhost';
mkdirSync(dataDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'portal-scale-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const SEARCH_TERMS = ['材料', '合金', '腐蚀', 'alloy', 'corrosion', '纳米'];
const KINDS = ['article', 'home', 'toc', 'ranking', 'news', 'search', 'oai', 'feed', 'issuefeed'] as const;
type Kind = (typeof KINDS)[number];
/** rssMb: the server's resident memory once the kind was measured (the search kind loads the facet values) */
type KindResult = { p50: number; p95: number; cpuMs: number; requests: number; errors: number; rssMb: number };
type SizeResult = {
  kinds: Record<Kind, KindResult>;
  /** the server's CPU ms for each search path's first request (its matches not yet kept), after the facet values were read */
  firstSearch: number[];
  rssMb: number;
  peakRssMb: number;
  build: { pages: number; rate: number; cpuMsPerPage: number; peakRssMb: number };
};

/** user + system CPU of a process so far, in ms (Linux /proc) */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

async function prepareDatabase(articles: number): Promise<string> {
  const path = join(dataDir, `portal-${articles}.db`);
  const db = openDb(path);
  if (!(await isSeeded(db))) {
    const started = performance.now();
    await seedDemo(db, { articles });
    console.log(`seeded ${articles} articles into ${path} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  db.close();
  return path;
}

async function pathsByKind(databasePath: string): Promise<{ paths: Record<Kind, string[]>; sample: string[] }> {
  const db = openDb(databasePath);
  const source = createLocalSource(db);
  const site = await source.findSiteBySld('jmst');
  if (!site) throw new Error('no jmst site');
  const pages = await listSitePages(source, site, { recentYears: sitesConfig.prebuildRecentYears, languages: ['zh'] });
  const routes = (pattern: RegExp, count: number) => {
    const matching = pages.filter((page) => pattern.test(page.route)).map((page) => page.path);
    const step = Math.max(1, Math.floor(matching.length / count));
    return matching.filter((_, i) => i % step === 0).slice(0, count);
  };
  const step = Math.max(1, Math.floor(pages.length / buildPages));
  const sample = pages
    .filter((_, i) => i % step === 0)
    .slice(0, buildPages)
    .map((page) => page.path);
  const articleIds = routes(/^article\/\d+\/$/, 50).map((path) => /(\d+)\/$/.exec(path)?.[1]);
  db.close();
  const search = (text: string) =>
    `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent(text)}&lang=zh`;
  return {
    sample,
    paths: {
      article: routes(/^article\/\d+\/$/, 50),
      home: ['/zh/home/', '/en/home/'],
      toc: routes(/^issue\/\d+\/\d+\/$/, 20),
      ranking: ['read', 'download', 'cite'].flatMap((type) =>
        ['3m', '1y', 'all'].map((period) => `/zh/ranking/?type=${type}&period=${period}`),
      ),
      news: ['/zh/news/', ...routes(/^newsDetails\/\d+\/$/, 10)],
      search: SEARCH_TERMS.map(search),
      oai: [
        '/oai?verb=ListRecords&metadataPrefix=oai_dc',
        '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc',
        ...articleIds
          .slice(0, 10)
          .map((id) => `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:article/${id}`),
      ],
      feed: ['latest', 'online-first'].flatMap((feed) => [
        `/rc-pub/front/rss?feed=${feed}&lang=zh`,
        `/rc-pub/front/atom?feed=${feed}&lang=en`,
      ]),
      // every article of the newest issue: grows with the issue, not the archive (the seed keeps regular issues within 24 articles at any size)
      issuefeed: ['/rc-pub/front/rss?feed=current&lang=zh', '/rc-pub/front/atom?feed=current&lang=en'],
    },
  };
}

async function measureSize(articles: number): Promise<SizeResult> {
  const databasePath = await prepareDatabase(articles);
  const db = openDb(databasePath);
  // as the server's daily job does at start: rankings' rollups counted back from today
  await refreshAllRollups(db, visitDay(new Date()));
  db.close();
  const { paths, sample } = await pathsByKind(databasePath);
  const port = await freePort();
  const sitesDir = join(work, `sites-${articles}`);
  mkdirSync(sitesDir);
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      WORKERS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      SITES_DIR: sitesDir,
      ASTRO_OUT_DIR: astroOutDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  await waitUntilServing(port, host, 60_000);
  const pid = server.pid ?? 0;
  const kinds = {} as Record<Kind, KindResult>;
  const firstSearch: number[] = [];
  let round = 0;
  for (const kind of KINDS) {
    if (kind === 'search') {
      // a term the measured paths do not search reads the site's facet values (once per process)
      await requestVia(
        port,
        host,
        paths.search[0]?.replace(/searchText=[^&]*/, 'searchText=%E6%B6%82%E5%B1%82') ?? '/',
      );
      for (const path of paths.search) {
        const before = cpuMs(pid);
        await requestVia(port, host, path);
        firstSearch.push(cpuMs(pid) - before);
      }
    }
    // every path once first: the first request of a path also pays for lazy module loads
    for (const path of paths[kind]) await requestVia(port, host, path);
    // pages take a query that no prebuilt file answers; OAI-PMH refuses unknown arguments and feeds are never prebuilt
    const query = (path: string) =>
      path.startsWith('/oai') || path.startsWith('/rc-pub/')
        ? path
        : `${path}${path.includes('?') ? '&' : '?'}ssr=${round++}`;
    const cpuBefore = cpuMs(pid);
    const result = await load({
      port,
      host,
      paths: paths[kind].map(query),
      connections: 1,
      seconds,
      headers: { 'accept-encoding': 'gzip' },
    });
    const sample = await requestVia(port, host, query(paths[kind][0] ?? '/'));
    if (kind === 'oai' && /<error /.test(sample.body))
      throw new Error(`OAI-PMH answered an error: ${sample.body.slice(0, 300)}`);
    kinds[kind] = {
      p50: percentile(result.latencies, 50),
      p95: percentile(result.latencies, 95),
      cpuMs: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests),
      requests: result.requests,
      errors: result.errors,
      rssMb: memoryMb(pid, 'VmRSS'),
    };
  }
  const rssMb = memoryMb(pid, 'VmRSS');
  const peakRssMb = memoryMb(pid, 'VmHWM');
  server.kill('SIGTERM');

  // prebuild: an evenly spread sample of jmst's pages through the render pool, as a build renders them
  const buildDb = openDb(databasePath);
  const site = await createLocalSource(buildDb).findSiteBySld('jmst');
  buildDb.close();
  if (!site) throw new Error('no jmst site');
  const pool = createRenderPool({ astroOutDir, databasePath, rcPubOrigin: undefined });
  const outDir = join(work, `build-${articles}`);
  mkdirSync(outDir);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const built = await pool.run({ site, origin: publicOrigin(site, config.baseDomain), paths: sample, outDir });
  const buildSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await pool.close();
  const pagesDone = built.written + built.skipped.length;
  return {
    kinds,
    firstSearch,
    rssMb,
    peakRssMb,
    build: {
      pages: pagesDone,
      rate: pagesDone / buildSeconds,
      cpuMsPerPage: (cpu.user + cpu.system) / 1000 / Math.max(1, pagesDone),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    },
  };
}

const results = new Map<number, SizeResult>();
for (const size of sizes) {
  console.log(`measuring ${size.toLocaleString('en')} articles…`);
  results.set(size, await measureSize(size));
}

const ms = (n: number) => n.toFixed(1).padStart(6);
const [small, large] = [sizes[0] ?? 0, sizes.at(-1) ?? 0];
const a = results.get(small);
const b = results.get(large);
console.log(
  `\non-demand render of jmst pages, one connection, ${seconds} s a kind: p50 / p95 ms (server CPU ms a request)`,
);
console.log(
  `${'kind'.padEnd(9)} | ${`${small.toLocaleString('en')} articles`.padEnd(26)} | ${`${large.toLocaleString('en')} articles`.padEnd(26)} | p95 ratio | goal`,
);
for (const kind of KINDS) {
  const x = a?.kinds[kind];
  const y = b?.kinds[kind];
  const cell = (r: KindResult | undefined) =>
    (r ? `${ms(r.p50)} / ${ms(r.p95)} (${r.cpuMs.toFixed(1)})${r.errors ? ` ${r.errors} errors` : ''}` : '-').padEnd(
      26,
    );
  const ratio = x && y ? (y.p95 / x.p95).toFixed(2) : '-';
  const goal =
    kind === 'search' ? '≤ 1.5×, < 50 ms' : kind === 'issuefeed' ? '(grows with the issue)' : '≤ 1.5×, < 20 ms';
  console.log(`${kind.padEnd(9)} | ${cell(x)} | ${cell(y)} | ${ratio.padStart(9)} | ${goal}`);
}
for (const [size, r] of results) {
  console.log(
    `${size.toLocaleString('en')} articles: a search's first request, server CPU ms (goal < 50): ${r.firstSearch.map((n) => n.toFixed(0)).join(', ')} (${SEARCH_TERMS.join(', ')})`,
  );
  console.log(
    `${size.toLocaleString('en')} articles: server memory after each kind (MB): ${KINDS.map((kind) => `${kind} ${r.kinds[kind].rssMb.toFixed(0)}`).join(', ')}`,
  );
  console.log(
    `${size.toLocaleString('en')} articles: server memory ${r.rssMb.toFixed(0)} MB at the end (peak ${r.peakRssMb.toFixed(0)} MB); prebuild of ${r.build.pages} sampled jmst pages ${r.build.rate.toFixed(0)} pages/s (${r.build.cpuMsPerPage.toFixed(1)} CPU ms a page, bench process peak ${r.build.peakRssMb.toFixed(0)} MB)`,
  );
}
if (a && b)
  console.log(
    `prebuild rate at ${large.toLocaleString('en')} / at ${small.toLocaleString('en')}: ${(b.build.rate / a.build.rate).toFixed(2)} (goal ≥ 0.8)`,
  );
process.exit(0);
