/** News of a site: the four tabs (information, announcement, dynamic, statement), top news, details. */
import { type NewsDetail, type NewsItem, type NewsType, newsTypeSchema, type Paged } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { all, int, intOrNull, one, oneOf, paging, type Row, str, strOrNull } from './sql.ts';

const NEWS_COLUMNS = `id, site_id, channel_id, type, news_data_type, original, source_link, title, en_title, summary,
  en_summary, picture_id, top_picture_id, is_top, views, published_at`;

/** Newest first; the id breaks ties so paging and previous/next agree on one order. */
const NEWEST_FIRST = 'published_at DESC, id DESC';

/** How many top news items the banner shows at most. */
export const TOP_NEWS_LIMIT = 5;

function toNewsItem(row: Row): NewsItem {
  return {
    id: int(row, 'id'),
    siteId: int(row, 'site_id'),
    channelId: intOrNull(row, 'channel_id'),
    type: oneOf(newsTypeSchema.options, row['type'], 'information'),
    newsDataType: str(row, 'news_data_type'),
    original: int(row, 'original'),
    sourceLink: strOrNull(row, 'source_link'),
    title: str(row, 'title'),
    enTitle: strOrNull(row, 'en_title'),
    summary: strOrNull(row, 'summary'),
    enSummary: strOrNull(row, 'en_summary'),
    pictureUrl: fileUrl(intOrNull(row, 'picture_id')),
    topPictureUrl: fileUrl(intOrNull(row, 'top_picture_id')),
    isTop: int(row, 'is_top'),
    views: int(row, 'views'),
    publishedAt: str(row, 'published_at'),
  };
}

export type NewsFilter = { type?: NewsType | undefined; channelId?: number | undefined; page: number; size: number };

export function listNews(db: Db, siteId: number, filter: NewsFilter): Paged<NewsItem> {
  const paged = paging(filter.page, filter.size);
  const conditions = ['site_id = ?'];
  const params: (string | number)[] = [siteId];
  if (filter.type !== undefined) {
    conditions.push('type = ?');
    params.push(filter.type);
  }
  if (filter.channelId !== undefined) {
    conditions.push('channel_id = ?');
    params.push(filter.channelId);
  }
  const where = conditions.join(' AND ');
  const total = one(db, `SELECT COUNT(*) AS total FROM news WHERE ${where}`, ...params);
  const rows = all(db, `SELECT ${NEWS_COLUMNS} FROM news WHERE ${where} ORDER BY ${NEWEST_FIRST} LIMIT ? OFFSET ?`, ...params, paged.size, paged.offset);
  return { content: rows.map(toNewsItem), total: total ? int(total, 'total') : 0, page: paged.page, size: paged.size };
}

export function getTopNews(db: Db, siteId: number): NewsItem[] {
  return all(db, `SELECT ${NEWS_COLUMNS} FROM news WHERE site_id = ? AND is_top = 1 ORDER BY ${NEWEST_FIRST} LIMIT ?`, siteId, TOP_NEWS_LIMIT).map(
    toNewsItem,
  );
}

/**
 * One news item with its neighbours in the list order of its tab (newest first): `previous` is the
 * item listed just above it (newer), `next` the one just below (older).
 */
export function getNews(db: Db, siteId: number, newsId: number): NewsDetail | null {
  const row = one(db, `SELECT ${NEWS_COLUMNS}, content, en_content FROM news WHERE id = ? AND site_id = ?`, newsId, siteId);
  if (!row) return null;
  const item = toNewsItem(row);
  const neighbour = (row: Row | null) => (row ? { id: int(row, 'id'), title: str(row, 'title'), enTitle: strOrNull(row, 'en_title') } : null);
  const previous = one(
    db,
    `SELECT id, title, en_title FROM news
     WHERE site_id = ? AND type = ? AND (published_at > ? OR (published_at = ? AND id > ?))
     ORDER BY published_at ASC, id ASC LIMIT 1`,
    siteId,
    item.type,
    item.publishedAt,
    item.publishedAt,
    item.id,
  );
  const next = one(
    db,
    `SELECT id, title, en_title FROM news
     WHERE site_id = ? AND type = ? AND (published_at < ? OR (published_at = ? AND id < ?))
     ORDER BY ${NEWEST_FIRST} LIMIT 1`,
    siteId,
    item.type,
    item.publishedAt,
    item.publishedAt,
    item.id,
  );
  return {
    ...item,
    content: strOrNull(row, 'content'),
    enContent: strOrNull(row, 'en_content'),
    previous: neighbour(previous),
    next: neighbour(next),
  };
}
