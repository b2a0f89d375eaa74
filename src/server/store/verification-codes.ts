/** One-time verification codes (hashed) and the fixed-window counters that rate-limit them. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type StoredCode = { id: number; codeHash: string; attempts: number };

export async function insertVerificationCode(
  db: Db,
  row: { purpose: string; address: string; codeHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await kysely(db)
    .insertInto('verification_codes')
    .values({
      purpose: row.purpose,
      address: row.address,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

/** The newest unused, unexpired code for this purpose and address. */
export async function openVerificationCode(
  db: Db,
  purpose: string,
  address: string,
  nowIso: string,
): Promise<StoredCode | null> {
  const row = await kysely(db)
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('purpose', '=', purpose)
    .where('address', '=', address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, codeHash: row.code_hash, attempts: row.attempts } : null;
}

export async function countCodeAttempt(db: Db, id: number): Promise<void> {
  await kysely(db)
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the code used; false when another request used it first (single use). */
export async function markCodeUsed(db: Db, id: number, nowIso: string): Promise<boolean> {
  const result = await kysely(db)
    .updateTable('verification_codes')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds one to a counter of the window and returns the new count. */
export async function hitRateLimit(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await kysely(db)
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Drops counters of windows that ended before `beforeIso`. */
export async function pruneRateLimits(db: Db, beforeIso: string): Promise<void> {
  await kysely(db).deleteFrom('rate_limits').where('window_start', '<', beforeIso).execute();
}
