/**
 * The article list an OAI-PMH harvester walks: one site's articles in a stable order (update
 * time, then id), filtered by update time and journal, one page at a time. Drafts and scheduled
 * articles are not there yet; an article removed for legal reasons stays, as a deleted record.
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { publishedBy, visibilityNow } from './visibility.ts';

/** removed: the article was removed for legal reasons (a deleted record) */
export type OaiArticleRow = { id: number; publicationId: number; updatedAt: string; removed: boolean };
export type OaiArticleFilter = { from: string | null; until: string | null; publicationId: number | null };

const COLUMNS = ['id', 'publication_id', 'updated_at', 'removed_at'] as const;
const toRow = (row: {
  id: number;
  publication_id: number;
  updated_at: string;
  removed_at: string | null;
}): OaiArticleRow => ({
  id: row.id,
  publicationId: row.publication_id,
  updatedAt: row.updated_at,
  removed: row.removed_at !== null,
});

/** The site's articles a harvester may know of: published ones, and removed ones as deleted records. */
function harvestable(db: Db, siteId: number) {
  return kysely(db)
    .selectFrom('articles')
    .where('site_id', '=', siteId)
    .where('status', '<>', 'draft')
    .where(publishedBy('articles', visibilityNow()));
}

function filtered(db: Db, siteId: number, filter: OaiArticleFilter) {
  let query = harvestable(db, siteId);
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
    filtered(db, siteId, filter)
      .select(COLUMNS)
      .orderBy('updated_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    // counted within the covering index articles_oai_visible (migration 051), never a read of every row
    filtered(db, siteId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.n) };
}

export async function oaiArticleRow(db: Db, siteId: number, articleId: number): Promise<OaiArticleRow | null> {
  const row = await harvestable(db, siteId).select(COLUMNS).where('id', '=', articleId).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The oldest update time of the site's articles, or null when it has none. */
export async function oaiEarliestUpdate(db: Db, siteId: number): Promise<string | null> {
  // the first in (site_id, updated_at) order that is harvestable: a walk that stops at once
  const row = await harvestable(db, siteId).select('updated_at').orderBy('updated_at').limit(1).executeTakeFirst();
  return row?.updated_at ?? null;
}
