/**
 * The reads an import makes: while checking its file, and between its writes inside its
 * transaction (pass that transaction, so they see what it wrote). The natural keys it merges by
 * (docs/product-rules.md#import). Portable SQL: DOIs are compared through lower() on both engines.
 */
import { sql } from 'kysely';
import type { Tx } from './insert.ts';

const idOrNull = (row: { id: number } | undefined) => (row ? Number(row.id) : null);

export const siteIdBySld = async (trx: Tx, sld: string) =>
  idOrNull(await trx.selectFrom('sites').select('id').where('sld', '=', sld).executeTakeFirst());

export const columnId = async (trx: Tx, publicationId: number, name: string) =>
  idOrNull(
    await trx
      .selectFrom('columns')
      .select('id')
      .where('publication_id', '=', publicationId)
      .where('name', '=', name)
      .executeTakeFirst(),
  );

/** The issue of that id on that site and journal, or null. */
export const periodIdOnSite = async (trx: Tx, siteId: number, publicationId: number, id: number) =>
  idOrNull(
    await trx
      .selectFrom('periods')
      .select('id')
      .where('site_id', '=', siteId)
      .where('publication_id', '=', publicationId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );

export const periodId = async (trx: Tx, publicationId: number, year: number, issue: number) =>
  idOrNull(
    await trx
      .selectFrom('periods')
      .select('id')
      .where('publication_id', '=', publicationId)
      .where('year', '=', year)
      .where('issue', '=', issue)
      .executeTakeFirst(),
  );

/** When the public may see this issue (src/server/store/visibility.ts), or null for an unknown one. */
export async function periodPublishAt(trx: Tx, id: number): Promise<string | null> {
  const row = await trx.selectFrom('periods').select('publish_at').where('id', '=', id).executeTakeFirst();
  return typeof row?.publish_at === 'string' ? row.publish_at : null;
}

/** DOIs are compared case-insensitively. */
export const articleIdByDoi = async (trx: Tx, siteId: number, doi: string) =>
  idOrNull(
    await trx
      .selectFrom('articles')
      .select('id')
      .where('site_id', '=', siteId)
      .where(sql<string>`lower(doi)`, '=', doi.toLowerCase())
      .executeTakeFirst(),
  );

/** The channel news is filed under: newNews when the site has one, else news. */
export const newsChannelId = async (trx: Tx, siteId: number) =>
  idOrNull(
    await trx
      .selectFrom('channels')
      .select('id')
      .where('site_id', '=', siteId)
      .where('code', 'in', ['newNews', 'news'])
      .orderBy(sql`CASE WHEN code = 'newNews' THEN 0 ELSE 1 END`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

export const editorialChannelId = async (trx: Tx, siteId: number) =>
  idOrNull(
    await trx
      .selectFrom('channels')
      .select('id')
      .where('site_id', '=', siteId)
      .where('code', '=', 'editorial')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

export async function publicationIdsByIssn(trx: Tx, siteId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('publications')
    .select(['id', 'issn'])
    .where('site_id', '=', siteId)
    .where('issn', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [String(row.issn), Number(row.id)]));
}

export const channelId = async (trx: Tx, siteId: number, parentId: number, code: string) =>
  idOrNull(
    await trx
      .selectFrom('channels')
      .select('id')
      .where('site_id', '=', siteId)
      .where('parent_id', '=', parentId)
      .where('code', '=', code)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

export const toolId = async (trx: Tx, siteId: number, type: string, name: string) =>
  idOrNull(
    await trx
      .selectFrom('tools')
      .select('id')
      .where('site_id', '=', siteId)
      .where('type', '=', type)
      .where('res_name', '=', name)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

/** An article without a DOI is known by its journal, issue and title. */
export const articleIdByTitle = async (trx: Tx, publicationId: number, periodId: number | null, title: string) =>
  idOrNull(
    await trx
      .selectFrom('articles')
      .select('id')
      .where('publication_id', '=', publicationId)
      .where(sql<number>`COALESCE(period_id, 0)`, '=', periodId ?? 0)
      .where('doi', 'is', null)
      .where('title', '=', title)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

/**
 * News, albums and media: by the file's `key`, else by title and date, name, or kind and title
 * among the records imported without a key (so a key given later adopts the record it names).
 */
async function keyedId(
  trx: Tx,
  table: 'news' | 'albums' | 'media',
  siteId: number,
  key: string | undefined,
  unkeyed: Record<string, string>,
): Promise<number | null> {
  if (key !== undefined) {
    const byKey = await trx
      .selectFrom(table)
      .select('id')
      .where('site_id', '=', siteId)
      .where('import_key', '=', key)
      .executeTakeFirst();
    if (byKey) return Number(byKey.id);
  }
  let query = trx.selectFrom(table).select('id').where('site_id', '=', siteId).where('import_key', 'is', null);
  for (const [column, value] of Object.entries(unkeyed)) query = query.where(sql.ref(column), '=', value);
  return idOrNull(await query.orderBy('id').limit(1).executeTakeFirst());
}

export const newsId = (trx: Tx, siteId: number, key: string | undefined, title: string, publishedAt: string) =>
  keyedId(trx, 'news', siteId, key, { title, published_at: publishedAt });

export const albumId = (trx: Tx, siteId: number, key: string | undefined, name: string) =>
  keyedId(trx, 'albums', siteId, key, { name });

export const mediaId = (trx: Tx, siteId: number, key: string | undefined, kind: string, title: string) =>
  keyedId(trx, 'media', siteId, key, { kind, title });

export const editorialTopicId = async (trx: Tx, siteId: number, name: string) =>
  idOrNull(
    await trx
      .selectFrom('editorial_topics')
      .select('id')
      .where('site_id', '=', siteId)
      .where('name', '=', name)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

export const expertId = async (trx: Tx, topicId: number, name: string) =>
  idOrNull(
    await trx
      .selectFrom('experts')
      .select('id')
      .where('topic_id', '=', topicId)
      .where('name', '=', name)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  );

/** Whether the site has its row in a one-row-per-site table. */
export const siteRowExists = async (
  trx: Tx,
  table: 'header_configs' | 'footer_configs' | 'basic_infos',
  siteId: number,
) => (await trx.selectFrom(table).select('site_id').where('site_id', '=', siteId).executeTakeFirst()) !== undefined;

/** The site's own colour (used by theme colour 0), null when it has none or there is no such site. */
export async function siteColour1(trx: Tx, sld: string): Promise<string | null> {
  const value = (await trx.selectFrom('sites').select('colour1').where('sld', '=', sld).executeTakeFirst())?.colour1;
  return typeof value === 'string' && value ? value : null;
}

/** Corrections: what an import needs to know of an article it may update. */
export type StoredArticle = {
  id: number;
  doi: string | null;
  issn: string | null;
  periodId: number | null;
  status: string;
};

async function storedArticle(trx: Tx, siteId: number, key: string | number): Promise<StoredArticle | null> {
  const row = await trx
    .selectFrom('articles as a')
    .innerJoin('publications as pub', 'pub.id', 'a.publication_id')
    .select(['a.id', 'a.doi', 'pub.issn', 'a.period_id', 'a.status'])
    .where('a.site_id', '=', siteId)
    .where((eb) =>
      typeof key === 'number' ? eb('a.id', '=', key) : eb(sql<string>`lower(a.doi)`, '=', key.toLowerCase()),
    )
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    doi: row.doi ?? null,
    issn: row.issn ?? null,
    periodId: row.period_id == null ? null : Number(row.period_id),
    status: String(row.status),
  };
}

/** The article an import record names: by its id on the site when given, else its DOI, else the DOI it had (`previousDoi`). */
export async function importedArticle(
  trx: Tx,
  siteId: number,
  doi: string | null | undefined,
  previousDoi: string | undefined,
  id?: number,
): Promise<StoredArticle | null> {
  if (id !== undefined) return storedArticle(trx, siteId, id);
  return (
    (doi ? await storedArticle(trx, siteId, doi) : null) ??
    (previousDoi ? await storedArticle(trx, siteId, previousDoi) : null)
  );
}

/** The current DOI of the article that once had `doi` (a DOI changed by an import), else null. */
export async function currentDoiOfFormer(trx: Tx, siteId: number, doi: string): Promise<string | null> {
  const row = await trx
    .selectFrom('article_former_dois as f')
    .innerJoin('articles as a', 'a.id', 'f.article_id')
    .select('a.doi')
    .where('f.site_id', '=', siteId)
    .where('f.doi', '=', doi.toLowerCase())
    .executeTakeFirst();
  return typeof row?.doi === 'string' ? row.doi : null;
}

/** An article's author names in order, as a reader sees them ('王光, 李明'). */
export async function authorNames(trx: Tx, articleId: number): Promise<string> {
  const rows = await trx
    .selectFrom('authors')
    .select('name')
    .where('article_id', '=', articleId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.name)).join(', ');
}

/** The site's news item of this id (a record keyed by id), else null. */
export const newsIdOnSite = async (trx: Tx, siteId: number, id: number) =>
  idOrNull(
    await trx.selectFrom('news').select('id').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst(),
  );

export const newsIdByKey = async (trx: Tx, siteId: number, key: string) =>
  idOrNull(
    await trx
      .selectFrom('news')
      .select('id')
      .where('site_id', '=', siteId)
      .where('import_key', '=', key)
      .executeTakeFirst(),
  );

/** The issue an article is filed under now (null: none), read before an import moves it. */
export async function articlePeriodId(trx: Tx, articleId: number): Promise<number | null> {
  const row = await trx.selectFrom('articles').select('period_id').where('id', '=', articleId).executeTakeFirst();
  return row?.period_id == null ? null : Number(row.period_id);
}
