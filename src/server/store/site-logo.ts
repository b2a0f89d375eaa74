/**
 * A site's header logo in one language, uploaded from the console: the file stored once by its
 * bytes, the header's logo set, an audit entry (before and after) and a settings change (the pages
 * render again), all in one transaction.
 */
import type { Lang } from '../../lib/lang.ts';
import { recordAudit } from './audit.ts';
import { storeFileOnce } from './bulk/files.ts';
import { recordChanges } from './changes.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';

export type LogoUpload = { name: string; contentType: string; bytes: Uint8Array };

/** Stores the logo and sets it as the site's header logo in `lang`; answers its URL. */
export async function writeSiteLogo(
  db: Db,
  siteId: number,
  lang: Lang,
  logo: LogoUpload,
  actor: string,
  origin: string,
  now: Date,
): Promise<string | null> {
  const column = lang === 'zh' ? 'pc_logo' : 'en_pc_logo';
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const header = await trx
        .selectFrom('header_configs')
        .select(column)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      const before = header?.[column] ?? null;
      const { id } = await storeFileOnce(trx, { siteId, ...logo, createdAt: now.toISOString() });
      await trx
        .insertInto('header_configs')
        .values({ site_id: siteId, [column]: id })
        .onConflict((oc) => oc.column('site_id').doUpdateSet({ [column]: id }))
        .execute();
      await recordAudit(
        trx,
        {
          siteId,
          actor,
          action: 'site.logo',
          target: lang,
          before: { logo: fileUrl(before) },
          after: { logo: fileUrl(id) },
        },
        now,
      );
      await recordChanges(trx, [{ siteId, kind: 'settings', action: 'updated', ids: [] }], origin, now);
      return fileUrl(id);
    });
}
