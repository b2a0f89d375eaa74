/**
 * `node scripts/bench/live.ts [--scale path/to/portal.db]` (step 8 of `npm run bench`, or alone):
 * how long a change takes to reach every page of jmst, end to end over HTTP, against the real
 * server running on a copy of a database (the original is never written). Without --scale it
 * seeds BENCH_ARTICLES (default 2,000) articles. Measures
 *  (a) a menu rename through the admin API until every page of the sitemap and a few on-demand
 *      pages show the new name;
 *  (b) a new issue of 3 articles imported by `npm run import` in another process until home, the
 *      menu's current-issue link, the issue index and sitemap.txt show it;
 *  (c) a title correction imported the same way until the article and its table of contents show
 *      it, with the pages the pass rendered (GET /_admin/rebuild/jmst); the other pages that listed
 *      it (relation lists) count as stale while they still link it with its old title;
 *  (d) after each live point, every page fetched again: the pages still showing the old state.
 * Each change prints where its seconds went: from the write to the pass's start, the pass's steps,
 * its swap (the version every page is served from), then what the checker saw. A change is live at
 * the later of the swap and the watched pages showing it, provided the checker then finds no page
 * still old; the checker's own sweeps over every page (the first request of each composes it) are
 * printed beside it, not counted as the site's delay.
 * Static serving against nginx and SSR p95 are steps 2 and 3 of the same `npm run bench` run.
 * Prints, never asserts. Needs the Astro app built (`npx astro build`).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { PassResult, PassStatus } from '../../src/server/build/pass-status.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { openDb } from '../../src/server/store/db.ts';
import { freePort } from '../lib/free-port.ts';
import { requestVia, waitUntilServing } from './load.ts';

const run = promisify(execFile);
const config = loadConfig();
const astroOutDir = resolve(config.astroOutDir);
if (!existsSync(join(astroOutDir, 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}
const scaleAt = process.argv.indexOf('--scale');
const scaleDb = scaleAt >= 0 ? process.argv[scaleAt + 1] : undefined;
const sld = 'jmst';
const host = `${sld}.localhost`;
const token = 'bench-token-0123456789';
const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const work = mkdtempSync(join(process.env['BENCH_DIR'] ?? tmpdir(), 'portal-live-'));
const databasePath = join(work, 'portal.db');
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const seconds = (since: number) => (performance.now() - since) / 1000;

if (scaleDb) {
  copyFileSync(scaleDb, databasePath);
  console.log(`copied ${scaleDb} to ${databasePath}`);
} else {
  const db = openDb(databasePath);
  const started = performance.now();
  await seedDemo(db, { articles: Number(process.env['BENCH_ARTICLES'] ?? 2000) });
  db.close();
  console.log(`seeded in ${seconds(started).toFixed(1)} s`);
}

/** What the bench needs to know of jmst, read once from the copy (read only). */
async function siteFacts() {
  const db = openDb(databasePath);
  try {
    const source = createLocalSource(db);
    const site = await source.findSiteBySld(sld);
    if (!site) throw new Error(`no ${sld} site`);
    const publications = await source.listPublications(site.id);
    const shell = await source.getSiteShell(site.id);
    const publication = publications.find((p) => p.id === shell?.publicationConfig.publicationId) ?? publications[0];
    if (!publication) throw new Error(`${sld} has no journal`);
    const periods = (await source.getPeriodTree(site.id, { publicationId: publication.id })).flatMap(
      (year) => year.periods,
    );
    const ranked = new Set(
      (await source.rankArticles(site.id, { by: 'read', period: '1y', size: 20 })).map((entry) => entry.article.id),
    );
    // an article with a DOI in an issue that is neither the latest nor the one before it, not in the rankings
    let corrected: {
      id: number;
      doi: string;
      title: string;
      enTitle: string | null;
      publishedDate: string | null;
      year: number;
      issue: number;
    } | null = null;
    for (const period of periods.slice(2)) {
      const toc = await source.getIssueToc(site.id, period.id, 0, 100);
      for (const id of toc?.columns.flatMap((column) => column.articles.map((a) => a.id)) ?? []) {
        const article = await source.getArticle(site.id, id);
        if (!article?.doi || ranked.has(id)) continue;
        corrected = {
          id,
          doi: article.doi,
          title: article.title,
          enTitle: article.enTitle,
          publishedDate: article.publishedDate,
          year: period.year,
          issue: period.issue,
        };
        break;
      }
      if (corrected) break;
    }
    return {
      site,
      publication,
      latest: periods[0],
      corrected,
    };
  } finally {
    db.close();
  }
}
const facts = await siteFacts();
// the seeded size, or the one the scale databases carry in their names (portal-100000.db)
const articles = Number(/(\d+)\.db$/.exec(scaleDb ?? '')?.[1] ?? process.env['BENCH_ARTICLES'] ?? 2000);
if (!facts.latest || !facts.corrected) throw new Error(`${sld} needs issues and an article with a DOI in an older one`);

const port = await freePort();
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: {
    ...process.env,
    WORKERS: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    SITES_DIR: join(work, 'sites'),
    ASTRO_OUT_DIR: astroOutDir,
    REBUILD_TOKEN: token,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
children.push(server);
const get = (path: string) => requestVia(port, host, path);
await waitUntilServing(port, host, 60_000);

let started = performance.now();
const built = await requestVia(port, host, '/_admin/rebuild?wait=1', {
  method: 'POST',
  headers: admin,
  body: JSON.stringify({ site: sld }),
});
if (built.status !== 200) throw new Error(`the first build failed: ${built.body}`);
console.log(`first build of ${sld} (${articles} articles): ${seconds(started).toFixed(1)} s`);

const pass = async (): Promise<PassStatus> =>
  (
    JSON.parse((await requestVia(port, host, `/_admin/rebuild/${sld}`, { headers: admin })).body) as {
      pass: PassStatus;
    }
  ).pass;
/** The next pass to finish after `since` (a finishedAt), once nothing runs. */
async function settledPass(since: string | undefined): Promise<PassResult | null> {
  for (let i = 0; i < 3000; i++) {
    const status = await pass();
    if (status.running === null && status.last && status.last.finishedAt !== since) return status.last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const sitemapPaths = async () =>
  (await get('/sitemap.txt')).body
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((url) => new URL(url).pathname);
const firstArticle = (paths: string[]) => paths.find((path) => /^\/zh\/article\/\d+\/$/.test(path)) ?? '/zh/home/';

/** Fetches every path (8 at a time): those that answered 200 with a body passing `test`, and the others. */
async function sweep(paths: readonly string[], test: (path: string, body: string) => boolean) {
  const passed: string[] = [];
  const others: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const path = paths[next++] as string;
        const page = await get(path).catch(() => null);
        (page?.status === 200 && test(path, page.body) ? passed : others).push(path);
      }
    }),
  );
  return { passed, others };
}

type Row = {
  change: string;
  goal: number;
  live: number;
  never: number;
  stale: number;
  checked: number;
  rendered: string;
  /** seconds from the write to the pass's swap (the server's clock): live without the checker's own cost */
  swapped: number | null;
  /** seconds until the watched pages (home, a deep article, on-demand pages) all showed the change */
  watched: number;
};
const rows: Row[] = [];
const large = articles >= 50_000;

/**
 * Times a change from `act` until `watched` pages all pass `fresh` (polled), then until every
 * page that showed the old state (`before`) passes it too; then a checker sweeps those pages again.
 */
async function measure(options: {
  change: string;
  goal: number;
  act: () => Promise<void>;
  watched: string[];
  before: (path: string, body: string) => boolean;
  fresh: (path: string, body: string) => boolean;
  extraPaths?: string[];
}) {
  const paths = [...(await sitemapPaths()), ...(options.extraPaths ?? [])];
  const showedOld = new Set((await sweep(paths, options.before)).passed);
  const since = (await pass()).last?.finishedAt;
  const actStarted = performance.now();
  await options.act();
  started = performance.now();
  const actDone = Date.now();
  let pending = options.watched;
  while (pending.length > 0 && seconds(started) < 600) pending = (await sweep(pending, options.fresh)).others;
  const watchedLive = seconds(started);
  let rest = [...showedOld];
  while (rest.length > 0 && seconds(started) < watchedLive + 120) rest = (await sweep(rest, options.fresh)).others;
  const live = seconds(started);
  const result = await settledPass(since);
  const afterPaths = [...(await sitemapPaths()), ...(options.extraPaths ?? [])];
  const checked = afterPaths.filter((path) => showedOld.has(path) || options.watched.includes(path));
  const stalePaths = (await sweep(checked, options.fresh)).others;
  const stale = stalePaths.length;
  const rendered = result
    ? `${result.kind}: ${JSON.stringify(result.pages)}${result.ok ? '' : ` FAILED ${result.error}`}`
    : '?';
  // where the seconds went: the change waiting for the server to see it, the pass's steps, the swap
  const since0 = (iso: string | undefined) => (iso ? ((Date.parse(iso) - actDone) / 1000).toFixed(2) : '?');
  const steps = Object.entries(result?.steps ?? {})
    .map(([name, s]) => `${name} ${s.toFixed(2)}`)
    .join(', ');
  console.log(
    `${options.change}: act ${(started - actStarted).toFixed(0)} ms; pass started after ${since0(result?.startedAt)} s, swapped after ${since0(result?.finishedAt)} s (${steps}); watched pages live after ${watchedLive.toFixed(1)} s, every page after ${live.toFixed(1)} s; stale after that ${stale} of ${checked.length}; last pass ${rendered}${stale ? `; still old: ${stalePaths.slice(0, 10).join(' ')}` : ''}`,
  );
  rows.push({
    change: options.change,
    goal: options.goal,
    live,
    never: rest.length,
    stale,
    checked: checked.length,
    rendered,
    swapped: result ? (Date.parse(result.finishedAt) - actDone) / 1000 : null,
    watched: watchedLive,
  });
}

/** `npm run import -- file` in its own process, as an editor would run it. */
async function importElsewhere(name: string, body: unknown) {
  const file = join(work, name);
  writeFileSync(file, JSON.stringify(body));
  const importStarted = performance.now();
  await run(process.execPath, ['scripts/import.ts', file], {
    env: { ...process.env, DATABASE_PATH: databasePath },
    cwd: process.cwd(),
  });
  console.log(`  ${name}: the import process took ${seconds(importStarted).toFixed(1)} s (timing starts at its end)`);
}

const langOf = (path: string) => (path.startsWith('/en/') ? 'en' : 'zh');
const initial = await sitemapPaths();
const deep = firstArticle(initial);
const onDemand = ['/zh/home/?live=1', '/en/home/?live=1', `${deep}?live=1`, '/zh/issue/?live=1'];

// (a) menu rename
const listed = JSON.parse((await requestVia(port, host, `/_admin/sites/${sld}/channels`, { headers: admin })).body) as {
  channels: { id: number; parentId: number; code: string; enable: string; name: string }[];
};
const channel = listed.channels.find((c) => c.parentId === 0 && c.enable === '1' && c.code !== 'index');
if (channel) {
  const name = `基准${Date.now().toString(36)}`;
  await measure({
    change: 'menu rename',
    goal: large ? 10 : 3,
    act: async () => {
      await requestVia(port, host, `/_admin/sites/${sld}/channels/${channel.id}`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ name }),
      });
    },
    watched: ['/zh/home/', deep, onDemand[0] as string],
    before: (_, body) => body.includes(channel.name),
    fresh: (_, body) => body.includes(name),
    extraPaths: onDemand,
  });
}

// (b) a new issue of 3 articles
const { site, publication, latest, corrected } = facts;
const year = latest.year + 1;
const issueLink = (lang: string) => `/${lang}/issue/${year}/1/`;
const oldLink = (lang: string) => `/${lang}/issue/${latest.year}/${latest.issue}/`;
const now = new Date().toISOString();
await measure({
  change: 'new issue (3 articles)',
  goal: large ? 10 : 5,
  act: () =>
    importElsewhere('new-issue.json', {
      site: { sld, name: site.name, enName: site.enName },
      periods: [
        {
          issn: publication.issn,
          year,
          volume: latest.volume + 1,
          issue: 1,
          publishDate: `${year}-01-01`,
          publishAt: now,
        },
      ],
      articles: [1, 2, 3].map((n) => ({
        issn: publication.issn,
        period: { year, issue: 1 },
        doi: `10.9999/live.${Date.now()}.${n}`,
        title: `新一期的文章 ${n}`,
        publishedDate: `${year}-01-02`,
        publishAt: now,
        authors: [{ name: '作者' }],
      })),
    }),
  watched: ['/zh/home/', '/en/home/', '/zh/issue/', '/en/issue/', '/sitemap.txt', deep],
  // the pages whose menu pointed at the old current issue
  before: (path, body) => body.includes(`href="${oldLink(langOf(path))}"`),
  fresh: (path, body) =>
    path === '/sitemap.txt' ? body.includes(issueLink('zh')) : body.includes(issueLink(langOf(path))),
  extraPaths: [...onDemand, '/sitemap.txt'],
});

// (c) a title correction of one article in an older issue
// both titles change: an English page shows the English title (often the same words as the
// Chinese record's in an English-language article)
const stamp = Date.now().toString(36);
const title = `更正后的标题${stamp}`;
const enTitle = `Corrected title ${stamp}`;
const articlePages = [`/zh/article/${corrected.id}/`, `/zh/issue/${corrected.year}/${corrected.issue}/`];
const oldTitleIn = (path: string) => (langOf(path) === 'en' ? (corrected.enTitle ?? corrected.title) : corrected.title);
await measure({
  change: 'title correction',
  goal: 2,
  act: () =>
    importElsewhere('correction.json', {
      site: { sld, name: site.name, enName: site.enName },
      articles: [
        {
          issn: publication.issn,
          period: { year: corrected.year, issue: corrected.issue },
          doi: corrected.doi,
          title,
          enTitle,
          publishedDate: corrected.publishedDate ?? `${corrected.year}-01-01`,
          authors: [{ name: '作者' }],
        },
      ],
    }),
  watched: articlePages,
  // pages that link the article with its old title: its own, its table of contents, and the
  // relation lists of other articles (which may drop it when its authors or words changed)
  before: (path, body) => body.includes(`/article/${corrected.id}/`) && body.includes(oldTitleIn(path)),
  fresh: (path, body) =>
    body.includes(langOf(path) === 'en' ? enTitle : title) ||
    (!articlePages.includes(path) && !(body.includes(`/article/${corrected.id}/`) && body.includes(oldTitleIn(path)))),
});

server.kill('SIGTERM');
const load =
  process.env['BENCH_LOAD_NOTE'] ??
  `load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
console.log(`\nlive updates on ${sld}, ${articles} articles (${load}):`);
// Live: the later of the swap (from then on every prebuilt page is served from the new version) and
// the watched pages, on-demand ones among them, showing the change; the checker then fetches every
// page that showed the old state and must find none still old. Its own sweep, eight requests at a
// time, each page composed on its first request, is printed beside it but is not the site's delay.
console.log(
  '| change | goal | live (swap; watched pages new) | checker: every page seen new after | pages still old | pass |',
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  const live = Math.max(row.swapped ?? Number.POSITIVE_INFINITY, row.watched);
  const verdict = row.stale === 0 && row.never === 0 && live < row.goal ? '' : ' (over)';
  console.log(
    `| ${row.change} | < ${row.goal} s | ${Number.isFinite(live) ? `${live.toFixed(1)} s${verdict}` : '?'} (${row.swapped === null ? '?' : row.swapped.toFixed(1)}; ${row.watched.toFixed(1)}) | ${row.never ? `not within 120 s more (${row.never} pages)` : `${row.live.toFixed(1)} s`} | ${row.stale} of ${row.checked} | ${row.rendered} |`,
  );
}
