/** The body of a channel's own page (item and about pages), per language, as editors write it. */
import { sanitizeRich } from '../../lib/sanitize.ts';
import { recordAudit, SHELL_ACTOR } from './audit.ts';
import { changeOrigin, recordChanges } from './changes.ts';
import { requireChannel } from './channel-writes.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type ChannelContent = { id: number; content: string | null; enContent: string | null };

export async function getChannelContent(db: Db, siteId: number, id: number): Promise<ChannelContent> {
  const q = kysely(db);
  await requireChannel(q, siteId, id);
  const row = await q
    .selectFrom('channels')
    .select(['content', 'en_content'])
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return { id, content: row.content, enContent: row.en_content };
}

/** Empty after cleaning means no content: the page then shows its empty state. */
const cleaned = (html: string | null): string | null => {
  const clean = sanitizeRich(html).trim();
  return clean === '' ? null : clean;
};

/**
 * Stores the sanitized HTML (what pages render goes through the same allow-list again); a
 * language left undefined keeps its text. Recorded as a channel change: only the item's own page
 * shows its body, so only that page renders again.
 */
export function setChannelContent(
  db: Db,
  siteId: number,
  id: number,
  change: { content?: string | null | undefined; enContent?: string | null | undefined },
  origin: string = changeOrigin('admin'),
  actor: string = SHELL_ACTOR,
): Promise<ChannelContent> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('channels')
        .select(['content', 'en_content as enContent'])
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      await requireChannel(trx, siteId, id);
      await trx
        .updateTable('channels')
        .set({
          ...(change.content === undefined ? {} : { content: cleaned(change.content) }),
          ...(change.enContent === undefined ? {} : { en_content: cleaned(change.enContent) }),
        })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      await recordChanges(trx, [{ siteId, kind: 'channel', action: 'updated', ids: [id] }], origin);
      const row = await trx
        .selectFrom('channels')
        .select(['content', 'en_content'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const after = { id, content: row.content, enContent: row.en_content };
      await recordAudit(trx, { siteId, actor, action: 'menu.content', target: `channel ${id}`, before, after });
      return after;
    });
}
