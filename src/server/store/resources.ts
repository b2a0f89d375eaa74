/** Pictures, tables, videos and audios of a site, each for a page of its own. */
import type { ResourceDetail, ResourceKind } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

/** A visible resource of the site (a figure of a draft article is not), or null. */
export async function getResource(
  db: Db,
  siteId: number,
  kind: ResourceKind,
  id: number,
): Promise<ResourceDetail | null> {
  const q = kysely(db);
  if (kind === 'picture' || kind === 'table') {
    const row = await q
      .selectFrom('figures as f')
      .innerJoin('articles as a', 'a.id', 'f.article_id')
      .select([
        'f.id',
        'f.caption',
        'f.en_caption',
        'f.file_id',
        'f.table_html',
        'a.id as article_id',
        'a.title',
        'a.en_title',
        'a.published_date',
      ])
      .where('f.id', '=', id)
      .where('f.kind', '=', kind)
      .where('f.site_id', '=', siteId)
      .where('a.site_id', '=', siteId)
      .where(visibleArticle('a', visibilityNow()))
      .executeTakeFirst();
    if (!row) return null;
    return {
      kind,
      id: row.id,
      siteId,
      title: row.caption,
      enTitle: row.en_caption,
      description: null,
      enDescription: null,
      imageUrl: fileUrl(row.file_id),
      tableHtml: row.table_html,
      mediaUrl: null,
      publishedDate: row.published_date,
      article: { id: row.article_id, title: row.title, enTitle: row.en_title },
    };
  }
  // the article it belongs to, when that article is the site's and visible
  const row = await q
    .selectFrom('media as m')
    .leftJoin('articles as a', (join) =>
      join.onRef('a.id', '=', 'm.article_id').on('a.site_id', '=', siteId).on(visibleArticle('a', visibilityNow())),
    )
    .select([
      'm.id',
      'm.title',
      'm.en_title',
      'm.description',
      'm.en_description',
      'm.cover_id',
      'm.url',
      'm.published_date',
    ])
    .select(['a.id as article_id', 'a.title as article_title', 'a.en_title as article_en_title'])
    .where('m.id', '=', id)
    .where('m.kind', '=', kind)
    .where('m.site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    kind,
    id: row.id,
    siteId,
    title: row.title,
    enTitle: row.en_title,
    description: row.description,
    enDescription: row.en_description,
    imageUrl: fileUrl(row.cover_id),
    tableHtml: null,
    mediaUrl: row.url,
    publishedDate: row.published_date,
    article:
      row.article_id !== null && row.article_title !== null
        ? { id: row.article_id, title: row.article_title, enTitle: row.article_en_title }
        : null,
  };
}
