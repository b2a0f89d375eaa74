/** Member sessions, keyed by the SHA-256 of the token (the token itself is never stored). */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type SessionRow = { userId: number; siteId: number; expiresAt: string };

export async function sessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const row = await kysely(db)
    .selectFrom('sessions')
    .select(['user_id', 'site_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? { userId: row.user_id, siteId: row.site_id, expiresAt: row.expires_at } : null;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await kysely(db).deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: number; siteId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await kysely(db)
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      site_id: session.siteId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** Ends every session of the member (after a password change or reset). */
export async function deleteMemberSessions(db: Db, siteId: number, userId: number): Promise<void> {
  await kysely(db).deleteFrom('sessions').where('site_id', '=', siteId).where('user_id', '=', userId).execute();
}

export async function sessionExpiry(db: Db, tokenHash: string): Promise<Date | null> {
  const row = await kysely(db)
    .selectFrom('sessions')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}
