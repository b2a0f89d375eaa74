/** Named settings of a site (configName → configValue), e.g. BOOK_CLOUD_CHECK. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export async function siteConfigValue(db: Db, siteId: number, name: string): Promise<string | null> {
  const row = await kysely(db)
    .selectFrom('site_configs')
    .select('value')
    .where('site_id', '=', siteId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? null;
}
