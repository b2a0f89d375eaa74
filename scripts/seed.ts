/**
 * `npm run seed [-- --articles N] [--seed N] [--force]`: writes the deterministic demo dataset to
 * DATABASE_PATH (default ./data/portal.db), or to the PostgreSQL database DATABASE_URL names. A
 * database that already holds sites is left alone unless --force, which deletes the file (drops
 * PostgreSQL's tables) and seeds a fresh one.
 */
import './cli.ts';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_ARTICLES, isSeeded, seedDemo } from '../src/server/seed/index.ts';
import { refreshAllRollups } from '../src/server/store/count-rollups.ts';
import { closeStore, openStore, storeUrl } from '../src/server/store/open-store.ts';
import { dropPostgresTables } from '../src/server/store/postgres.ts';
import { visitDay } from '../src/server/store/visits.ts';
import { startProgress } from './lib/progress.ts';

const count = z.coerce.number().int().min(0);
const optionsSchema = z.object({
  articles: count.max(1_000_000).default(DEFAULT_ARTICLES),
  seed: count.max(2 ** 32 - 1).default(1),
  force: z.boolean().default(false),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { articles: { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' } },
    strict: true,
  });
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const options = parsed.data;
  const url = storeUrl();
  const path = z.string().min(1).default('./data/portal.db').parse(process.env['DATABASE_PATH']);
  const where = url ? 'DATABASE_URL' : path;
  if (options.force && url) await dropPostgresTables(url);
  else if (options.force) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const db = await openStore(path);
  try {
    if (await isSeeded(db)) {
      console.error(`${where} already holds data; run with --force to wipe it and seed again`);
      return 1;
    }
    const started = performance.now();
    const progress = startProgress(`seed ${where}`, 'items', 0);
    const summary = await seedDemo(db, {
      articles: options.articles,
      seed: options.seed,
      onProgress: (done, total) => progress.update(done, total),
    });
    // the rankings' rollups now, rather than on the server's first start
    await refreshAllRollups(db, visitDay(new Date()));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    progress.finish([
      `seeded ${where} in ${seconds} s (seed ${summary.seed})`,
      ...Object.entries(summary)
        .filter(([key]) => key !== 'seed')
        .map(([key, value]) => `  ${key.padEnd(13)} ${value}`),
    ]);
    return 0;
  } finally {
    await closeStore(db);
  }
}

process.exitCode = await main();
