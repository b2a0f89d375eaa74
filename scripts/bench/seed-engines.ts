/**
 * node scripts/bench/seed-engines.ts: the demo seed's time on SQLite and on PostgreSQL, at each of
 * SEED_SIZES articles (default 2000,10000), the engines alternating ROUNDS times (default 3) on
 * the same machine; prints each run, then the medians and the fastest runs with PostgreSQL's time
 * over SQLite's (the goal is at most 2; on a shared machine the fastest runs are the ones the
 * other processes disturbed least). SQLite seeds a fresh file under the system's temporary folder; PostgreSQL the
 * database DATABASE_URL names, emptied before each run (its tables are dropped). Prints, never
 * asserts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { seedDemo } from '../../src/server/seed/index.ts';
import { closeStore, openStore } from '../../src/server/store/open-store.ts';
import { dropPostgresTables } from '../../src/server/store/postgres.ts';
import { percentile } from './load.ts';

const env = z
  .object({
    DATABASE_URL: z.string().regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must name the PostgreSQL database to seed'),
    SEED_SIZES: z.string().default('2000,10000'),
    ROUNDS: z.coerce.number().int().min(1).default(3),
  })
  .parse(process.env);
const sizes = env.SEED_SIZES.split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'seed-engines-'));

/** Seconds to seed `articles` into a fresh store of the engine. */
async function seedSeconds(engine: 'sqlite' | 'postgres', articles: number): Promise<number> {
  const path = join(dir, `portal-${articles}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  if (engine === 'postgres') await dropPostgresTables(env.DATABASE_URL);
  const db = await openStore(path, engine === 'postgres' ? { DATABASE_URL: env.DATABASE_URL } : {});
  try {
    const started = performance.now();
    await seedDemo(db, { articles });
    return (performance.now() - started) / 1000;
  } finally {
    await closeStore(db);
  }
}

const load = () => loadavg()[0]?.toFixed(1) ?? '?';
try {
  for (const articles of sizes) {
    const times = { sqlite: [] as number[], postgres: [] as number[] };
    for (let round = 0; round < env.ROUNDS; round++) {
      // alternate which engine goes first, so a change of the machine's load falls on both
      const order = round % 2 === 0 ? (['sqlite', 'postgres'] as const) : (['postgres', 'sqlite'] as const);
      for (const engine of order) {
        const seconds = await seedSeconds(engine, articles);
        times[engine].push(seconds);
        console.log(`${articles} articles, ${engine}: ${seconds.toFixed(1)} s (load ${load()})`);
      }
    }
    for (const [label, pick] of [
      [`medians of ${env.ROUNDS}`, (values: number[]) => percentile(values, 50)],
      ['fastest', (values: number[]) => Math.min(...values)],
    ] as const) {
      const [sqlite, postgres] = [pick(times.sqlite), pick(times.postgres)];
      console.log(
        `${articles} articles, ${label}: SQLite ${sqlite.toFixed(1)} s, PostgreSQL ${postgres.toFixed(1)} s, PostgreSQL/SQLite ${(postgres / sqlite).toFixed(2)}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
