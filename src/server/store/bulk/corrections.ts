/**
 * Corrections: the version row an import keeps for each change it makes to an article,
 * issue or news item, and the DOIs an article had before (their URLs redirect to it). Written
 * inside the import's transaction, with portable SQL.
 */
import type { BulkValue, Tx } from './insert.ts';

export type VersionEntity = 'article' | 'period' | 'news';
/** Field name (as the import file names it) → its value before and after. */
export type FieldChanges = Record<string, { old: BulkValue | null; new: BulkValue | null }>;

export async function recordVersion(
  trx: Tx,
  siteId: number,
  entity: VersionEntity,
  entityId: number,
  changes: FieldChanges,
  at: string,
  by: string,
): Promise<void> {
  await trx
    .insertInto('content_versions')
    .values({
      site_id: siteId,
      entity,
      entity_id: entityId,
      changed_at: at,
      changed_by: by,
      changes: JSON.stringify(changes),
    })
    .execute();
}

/** The article's DOI moved from `oldDoi` to `newDoi`: the old one is kept to redirect; a DOI given back is current again. */
export async function recordDoiChange(
  trx: Tx,
  siteId: number,
  articleId: number,
  oldDoi: string,
  newDoi: string | null,
  at: string,
): Promise<void> {
  const forget = [oldDoi.toLowerCase(), ...(newDoi ? [newDoi.toLowerCase()] : [])];
  await trx.deleteFrom('article_former_dois').where('site_id', '=', siteId).where('doi', 'in', forget).execute();
  await trx
    .insertInto('article_former_dois')
    .values({ site_id: siteId, doi: oldDoi.toLowerCase(), article_id: articleId, changed_at: at })
    .execute();
}

/** How many rows of a child table (references, institutions) an article has. */
export async function childCount(trx: Tx, table: 'institutions' | 'article_references', articleId: number) {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
