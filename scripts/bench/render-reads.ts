/**
 * The page-render reads, this code against an earlier checkout, in one process on one seeded
 * SQLite file: rounds alternate between the two so a slow spell of this shared machine hits both.
 * Prints each side's median round and the ratio (this code ÷ the earlier one), in CPU time (user +
 * system): on this shared machine a round's wall time is mostly waiting for a core.
 *
 *   git archive <commit> src | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   node scripts/bench/render-reads.ts --base /tmp/base [--articles 2000] [--rounds 15]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { ContentSource } from '../../src/content/source.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { openDb } from '../../src/server/store/db.ts';

const args = z
  .object({
    base: z.string().min(1),
    articles: z.coerce.number().int().positive().default(2000),
    rounds: z.coerce.number().int().positive().default(15),
  })
  .parse(
    parseArgs({ options: { base: { type: 'string' }, articles: { type: 'string' }, rounds: { type: 'string' } } })
      .values,
  );

/** An earlier checkout's own modules: its local source over its own connection to the same file. */
const earlierModules = z.object({
  createLocalSource: z.custom<(db: unknown) => ContentSource>((value) => typeof value === 'function'),
  openDb: z.custom<(path: string) => unknown>((value) => typeof value === 'function'),
});

async function earlierSource(base: string, path: string): Promise<ContentSource> {
  const localSource: unknown = await import(join(resolve(base), 'src/server/local-source.ts'));
  const db: unknown = await import(join(resolve(base), 'src/server/store/db.ts'));
  const modules = earlierModules.parse({ ...Object(localSource), ...Object(db) });
  return modules.createLocalSource(modules.openDb(path));
}

type Workload = { siteId: number; articleIds: number[]; periodIds: number[]; publicationId: number };

/** What the on-demand pages of one site read, by kind: each kind's reads, page after page. */
const READS: Record<string, (source: ContentSource, work: Workload) => Promise<number>> = {
  // the smallest read (one row by key): what the async form itself costs a read
  'site by id': async (source, work) => {
    for (let i = 0; i < 1000; i++) await source.findSiteById(work.siteId);
    return 1000;
  },
  'site shell': async (source, work) => {
    for (const _ of work.articleIds) await source.getSiteShell(work.siteId);
    return work.articleIds.length;
  },
  'article record': async (source, work) => {
    for (const articleId of work.articleIds) await source.getArticle(work.siteId, articleId);
    return work.articleIds.length;
  },
  'table of contents': async (source, work) => {
    for (const periodId of work.periodIds) await source.getIssueToc(work.siteId, periodId, 0, 100);
    return work.periodIds.length;
  },
  'issue tree': async (source, work) => {
    for (const _ of work.periodIds)
      await source.getPeriodTree(work.siteId, { publicationId: work.publicationId, aroundYear: 2024 });
    return work.periodIds.length;
  },
  'lists, news, modules': async (source, work) => {
    for (const kind of ['latest', 'online-first', 'most-read'] as const)
      await source.listArticles(work.siteId, kind, 0, 20);
    await source.listNews(work.siteId, { page: 0, size: 20 });
    await source.getModules(work.siteId, 1);
    return 5;
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dir = mkdtempSync(join(tmpdir(), 'render-reads-'));
try {
  const path = join(dir, 'portal.db');
  const seeded = openDb(path);
  await seedDemo(seeded, { articles: args.articles });
  seeded.close();
  // each side on a connection of its own, opened the same way
  const current = createLocalSource(openDb(path));
  const earlier = await earlierSource(args.base, path);
  const site = await current.findSiteBySld('jmst');
  if (!site) throw new Error('the demo has no jmst site');
  const [publication] = await current.listPublications(site.id);
  if (!publication) throw new Error('jmst has no journal');
  const latest = await current.listArticles(site.id, 'latest', 0, 100);
  const tree = await current.getPeriodTree(site.id, { publicationId: publication.id });
  const work: Workload = {
    siteId: site.id,
    articleIds: latest.content.map((article) => article.id),
    periodIds: tree.flatMap((year) => year.periods.map((period) => period.id)).slice(0, 20),
    publicationId: publication.id,
  };
  // both answer the same before either is timed
  if (
    JSON.stringify(await earlier.getArticle(site.id, work.articleIds[0] ?? 0)) !==
    JSON.stringify(await current.getArticle(site.id, work.articleIds[0] ?? 0))
  )
    throw new Error('the two checkouts read different article records');
  const times = new Map<string, { earlier: number[]; current: number[] }>(
    Object.keys(READS).map((kind) => [kind, { earlier: [], current: [] }]),
  );
  const reads = new Map<string, number>();
  for (let round = 0; round < args.rounds + 2; round++) {
    const order = round % 2 ? (['current', 'earlier'] as const) : (['earlier', 'current'] as const);
    for (const [kind, read] of Object.entries(READS))
      for (const name of order) {
        const start = process.cpuUsage();
        reads.set(kind, await read(name === 'current' ? current : earlier, work));
        const used = process.cpuUsage(start);
        // the first two rounds warm both (JIT, statement caches) and are not counted
        if (round >= 2) times.get(kind)?.[name].push((used.user + used.system) / 1000);
      }
  }
  console.log(
    `page-render reads, ${args.articles} articles, CPU time, median of ${args.rounds} alternating rounds (earlier: ${args.base}):`,
  );
  let earlierTotal = 0;
  let currentTotal = 0;
  for (const [kind, { earlier: before, current: after }] of times) {
    const [earlierMs, currentMs] = [median(before), median(after)];
    earlierTotal += earlierMs;
    currentTotal += currentMs;
    const count = reads.get(kind) ?? 1;
    console.log(
      `  ${kind.padEnd(22)} ×${String(count).padEnd(4)} earlier ${((earlierMs * 1000) / count).toFixed(0).padStart(6)} µs, this ${((currentMs * 1000) / count).toFixed(0).padStart(6)} µs, ratio ${(currentMs / earlierMs).toFixed(3)}`,
    );
  }
  console.log(
    `  all: earlier ${earlierTotal.toFixed(1)} ms, this ${currentTotal.toFixed(1)} ms, ratio ${(currentTotal / earlierTotal).toFixed(3)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
