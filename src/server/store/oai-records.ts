/**
 * The article list an OAI-PMH harvester walks: one site's articles in a stable order (update
 * time, then id), filtered by update time and journal, one page at a time.
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type OaiArticleRow = { id: number; publicationId: number; updatedAt: string };
export type OaiArticleFilter = { from: string | null; until: string | null; publicationId: number | null };

function filtered(db: Db, siteId: number, filter: OaiArticleFilter) {
  let query = kysely(db).selectFrom('articles').where('site_id', '=', siteId);
  if (filter.from !== null) query = query.where('updated_at', '>=', filter.from);
  if (filter.until !== null) query = query.where('updated_at', '<=', filter.until);
  if (filter.publicationId !== null) query = query.where('publication_id', '=', filter.publicationId);
  return query;
}

export async function oaiArticlePage(
  db: Db,
  siteId: number,
  filter: OaiArticleFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OaiArticleRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, siteId, filter).select(['id', 'publication_id', 'updated_at']).orderBy('updated_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    filtered(db, siteId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ id: row.id, publicationId: row.publication_id, updatedAt: row.updated_at })), total: Number(count.n) };
}

export async function oaiArticleRow(db: Db, siteId: number, articleId: number): Promise<OaiArticleRow | null> {
  const row = await kysely(db).selectFrom('articles').select(['id', 'publication_id', 'updated_at']).where('site_id', '=', siteId).where('id', '=', articleId).executeTakeFirst();
  return row ? { id: row.id, publicationId: row.publication_id, updatedAt: row.updated_at } : null;
}

/** The oldest update time of the site's articles, or null when it has none. */
export async function oaiEarliestUpdate(db: Db, siteId: number): Promise<string | null> {
  const row = await kysely(db)
    .selectFrom('articles')
    .select((eb) => eb.fn.min<string>('updated_at').as('earliest'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row?.earliest ?? null;
}
