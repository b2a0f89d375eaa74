/** A site's basic info (indexed-in databases, group type, description). */
import type { BasicInfo } from '../../content/types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';

const BASIC_INFO = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('basic_infos')
    .select(['site_id', 'indexed', 'group_type', 'description', 'en_description'])
    .where('site_id', '=', param<number>('siteId')),
);

/** rc-pub's basic info has its own id; ours is keyed by site, so the site id serves as the id. */
export async function getBasicInfo(db: Db, siteId: number): Promise<BasicInfo> {
  const row = await BASIC_INFO.one(db, { siteId });
  if (!row) return { id: siteId, indexed: null, groupType: 0, description: null, enDescription: null };
  return {
    id: row.site_id,
    indexed: row.indexed,
    groupType: row.group_type,
    description: row.description,
    enDescription: row.en_description,
  };
}
