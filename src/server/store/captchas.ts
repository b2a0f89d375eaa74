/** Login captchas: the answer's hash, taken (deleted) on the first try whatever the answer. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export async function saveCaptcha(
  db: Db,
  captcha: { id: string; siteId: number; answerHash: string; expiresAt: string },
): Promise<void> {
  await kysely(db)
    .insertInto('captchas')
    .values({ id: captcha.id, site_id: captcha.siteId, answer_hash: captcha.answerHash, expires_at: captcha.expiresAt })
    .execute();
}

/** The captcha's answer hash and expiry, removed so it cannot be tried twice; null when unknown. */
export async function takeCaptcha(
  db: Db,
  siteId: number,
  id: string,
): Promise<{ answerHash: string; expiresAt: string } | null> {
  const row = await kysely(db)
    .deleteFrom('captchas')
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  return row ? { answerHash: row.answer_hash, expiresAt: row.expires_at } : null;
}

export async function pruneCaptchas(db: Db, now: string): Promise<void> {
  await kysely(db).deleteFrom('captchas').where('expires_at', '<', now).execute();
}
