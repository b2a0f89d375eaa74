/** Fixed-window counters for rate limits, kept in the store so every HTTP worker sees the same count. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

/** Adds one to the bucket's counter of this window and returns the new count. */
export async function countHit(db: Db, bucket: string, windowStart: string): Promise<number> {
  const row = await kysely(db)
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: windowStart, count: 1 })
    .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit_hits.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function hitCount(db: Db, bucket: string, windowStart: string): Promise<number> {
  const row = await kysely(db).selectFrom('rate_limit_hits').select('count').where('bucket', '=', bucket).where('window_start', '=', windowStart).executeTakeFirst();
  return row?.count ?? 0;
}

export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await kysely(db).deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}

/** Drops the windows that ended before `before` (called now and then, not on every hit). */
export async function pruneHits(db: Db, before: string): Promise<void> {
  await kysely(db).deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
}
