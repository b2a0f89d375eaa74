/**
 * Per-site API tokens for automation: only the SHA-256 of a token is kept; it is shown once.
 * Creating and revoking one is audited in the same transaction.
 */
import type { SiteToken } from '../../lib/console-answers.ts';
import { recordAudit } from './audit.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export async function insertSiteToken(
  db: Db,
  token: { siteId: number; tokenHash: string; label: string; createdBy: string },
  now: Date,
): Promise<number> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('site_tokens')
        .values({
          site_id: token.siteId,
          token_hash: token.tokenHash,
          label: token.label,
          created_by: token.createdBy,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = { id: row.id, label: token.label };
      await recordAudit(
        trx,
        { siteId: token.siteId, actor: token.createdBy, action: 'token.create', target: `token ${row.id}`, after },
        now,
      );
      return row.id;
    });
}

/** The live token of this hash, or null (unknown or revoked). */
export async function siteTokenByHash(db: Db, tokenHash: string): Promise<SiteToken | null> {
  const row = await kysely(db)
    .selectFrom('site_tokens')
    .innerJoin('sites', 'sites.id', 'site_tokens.site_id')
    .select(['site_tokens.id', 'sites.sld', 'site_tokens.label', 'site_tokens.created_by', 'site_tokens.created_at'])
    .where('site_tokens.token_hash', '=', tokenHash)
    .where('site_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { id: row.id, site: row.sld, label: row.label, createdBy: row.created_by, createdAt: row.created_at }
    : null;
}

export async function listSiteTokens(db: Db, siteId: number): Promise<SiteToken[]> {
  const rows = await kysely(db)
    .selectFrom('site_tokens')
    .innerJoin('sites', 'sites.id', 'site_tokens.site_id')
    .select(['site_tokens.id', 'sites.sld', 'site_tokens.label', 'site_tokens.created_by', 'site_tokens.created_at'])
    .where('site_tokens.site_id', '=', siteId)
    .where('site_tokens.revoked_at', 'is', null)
    .orderBy('site_tokens.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    site: row.sld,
    label: row.label,
    createdBy: row.created_by,
    createdAt: row.created_at,
  }));
}

/** Revokes one token of this site; false when the site has no such live token. */
export async function revokeSiteToken(db: Db, siteId: number, id: number, actor: string, now: Date): Promise<boolean> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('site_tokens')
        .select(['id', 'label'])
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!before) return false;
      await trx.updateTable('site_tokens').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute();
      await recordAudit(trx, { siteId, actor, action: 'token.revoke', target: `token ${id}`, before }, now);
      return true;
    });
}
