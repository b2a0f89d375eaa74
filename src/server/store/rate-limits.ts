/** Reading and clearing the fixed-window counters of `rate_limits` (hitRateLimit adds to them). */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export async function rateLimitCount(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await kysely(db)
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await kysely(db).deleteFrom('rate_limits').where('key', '=', key).execute();
}
