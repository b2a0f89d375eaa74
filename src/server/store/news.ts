/** News of a site: the four tabs (information, announcement, dynamic, statement), top news, details. */

import type { Kysely } from 'kysely';
import { type NewsDetail, type NewsItem, type NewsType, newsTypeSchema, type Paged } from '../../content/types.ts';
import { compiledByKey, compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { oneOf, paging } from './sql.ts';
import { corrections } from './versions.ts';
import { previewNow, visibilityNow, visibleNews } from './visibility.ts';

const NEWS_COLUMNS = [
  'id',
  'site_id',
  'channel_id',
  'type',
  'news_data_type',
  'original',
  'source_link',
  'title',
  'en_title',
  'summary',
  'en_summary',
  'picture_id',
  'top_picture_id',
  'is_top',
  'views',
  'published_at',
] as const;

/** How many top news items the banner shows at most. */
export const TOP_NEWS_LIMIT = 5;

type NewsFilterKey = 'site' | 'site+type' | 'site+channel' | 'site+type+channel';
type NewsFilterValues = { siteId: number; type: string; channelId: number; now: string };

/** The news of a site the public can see now, narrowed to a tab and/or a channel as the key says. */
const filtered = (q: Kysely<Database>, key: NewsFilterKey) => {
  let query = q
    .selectFrom('news')
    .where('site_id', '=', param<number>('siteId'))
    .where(visibleNews('news', param<string>('now')));
  if (key.includes('type')) query = query.where('type', '=', param<string>('type'));
  if (key.includes('channel')) query = query.where('channel_id', '=', param<number>('channelId'));
  return query;
};
const COUNT = compiledByKey<NewsFilterKey, NewsFilterValues>()((q, key) =>
  filtered(q, key).select((eb) => eb.fn.countAll().as('total')),
);
/** Newest first; the id breaks ties so paging and previous/next agree on one order. */
const PAGE = compiledByKey<NewsFilterKey, NewsFilterValues & { limit: number; offset: number }>()((q, key) =>
  filtered(q, key)
    .select(NEWS_COLUMNS)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(param<number>('limit'))
    .offset(param<number>('offset')),
);
const TOP = compiledQuery<{ siteId: number; limit: number; now: string }>()((q) =>
  q
    .selectFrom('news')
    .select(NEWS_COLUMNS)
    .where('site_id', '=', param<number>('siteId'))
    .where(visibleNews('news', param<string>('now')))
    .where('is_top', '=', 1)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(param<number>('limit')),
);
/** `drafts` 1: a preview, which shows a draft too */
const DETAIL = compiledQuery<{ id: number; siteId: number; now: string; drafts: 0 | 1 }>()((q) =>
  q
    .selectFrom('news')
    .select(NEWS_COLUMNS)
    .select(['content', 'en_content'])
    .where('id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId'))
    .where('publish_at', '<=', param<string>('now'))
    .where('draft', '<=', param<0 | 1>('drafts')),
);
type Neighbour = { siteId: number; type: string; publishedAt: string; id: number; now: string };
/** The item listed just above (newer) or just below (older) another in its tab. */
const neighbour = (newer: boolean) =>
  compiledQuery<Neighbour>()((q) =>
    q
      .selectFrom('news')
      .select(['id', 'title', 'en_title'])
      .where('site_id', '=', param<number>('siteId'))
      .where('type', '=', param<string>('type'))
      .where(visibleNews('news', param<string>('now')))
      .where((eb) =>
        eb.or([
          eb('published_at', newer ? '>' : '<', param<string>('publishedAt')),
          eb.and([
            eb('published_at', '=', param<string>('publishedAt')),
            eb('id', newer ? '>' : '<', param<number>('id')),
          ]),
        ]),
      )
      .orderBy('published_at', newer ? 'asc' : 'desc')
      .orderBy('id', newer ? 'asc' : 'desc')
      .limit(1),
  );
const NEWER = neighbour(true);
const OLDER = neighbour(false);

type NewsRow = RowOf<typeof TOP>;

function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    siteId: row.site_id,
    channelId: row.channel_id,
    type: oneOf(newsTypeSchema.options, row.type, 'information'),
    newsDataType: row.news_data_type,
    original: row.original,
    sourceLink: row.source_link,
    title: row.title,
    enTitle: row.en_title,
    summary: row.summary,
    enSummary: row.en_summary,
    pictureUrl: fileUrl(row.picture_id),
    topPictureUrl: fileUrl(row.top_picture_id),
    isTop: row.is_top,
    views: row.views,
    publishedAt: row.published_at,
  };
}

export type NewsFilter = { type?: NewsType | undefined; channelId?: number | undefined; page: number; size: number };

export async function listNews(db: Db, siteId: number, filter: NewsFilter): Promise<Paged<NewsItem>> {
  const paged = paging(filter.page, filter.size);
  const key: NewsFilterKey = `site${filter.type === undefined ? '' : '+type'}${filter.channelId === undefined ? '' : '+channel'}`;
  const values = { siteId, type: filter.type ?? '', channelId: filter.channelId ?? 0, now: visibilityNow() };
  const total = await COUNT(key).one(db, values);
  const rows = await PAGE(key).all(db, { ...values, limit: paged.size, offset: paged.offset });
  return { content: rows.map(toNewsItem), total: Number(total?.total ?? 0), page: paged.page, size: paged.size };
}

export async function getTopNews(db: Db, siteId: number): Promise<NewsItem[]> {
  return (await TOP.all(db, { siteId, limit: TOP_NEWS_LIMIT, now: visibilityNow() })).map(toNewsItem);
}

/**
 * One news item with its neighbours in the list order of its tab (newest first): `previous` is the
 * item listed just above it (newer), `next` the one just below (older).
 */
export async function getNews(
  db: Db,
  siteId: number,
  newsId: number,
  now: string = visibilityNow(),
  drafts: 0 | 1 = 0,
): Promise<NewsDetail | null> {
  const row = await DETAIL.one(db, { id: newsId, siteId, now, drafts });
  if (!row) return null;
  const item = toNewsItem(row);
  const neighbour = (row: RowOf<typeof NEWER> | null) =>
    row ? { id: row.id, title: row.title, enTitle: row.en_title } : null;
  const position = { siteId, type: item.type, publishedAt: item.publishedAt, id: item.id, now };
  const previous = await NEWER.one(db, position);
  const next = await OLDER.one(db, position);
  return {
    ...item,
    content: row.content,
    enContent: row.en_content,
    previous: neighbour(previous),
    next: neighbour(next),
    corrections: await corrections(db, 'news', item.id),
  };
}

/** A news item as its preview link shows it: a scheduled one as the public will see it at its publish time, a draft too. */
export async function getNewsPreview(db: Db, siteId: number, newsId: number): Promise<NewsDetail | null> {
  const row = await kysely(db)
    .selectFrom('news')
    .select('publish_at')
    .where('id', '=', newsId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ? getNews(db, siteId, newsId, previewNow(row.publish_at), 1) : null;
}
