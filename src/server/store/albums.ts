/** Albums (virtual collections) and their items resolved to titles, covers and page paths. */

import type { InferResult, Kysely } from 'kysely';
import type { Album, AlbumDetail } from '../../content/types.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { compiledByKey, compiledIn, compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import type { Database } from './schema.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

type AlbumItem = AlbumDetail['items'][number];
type ResourceType = AlbumItem['resourceType'];

const albumSelect = (q: Kysely<Database>) =>
  q
    .selectFrom('albums as al')
    .select([
      'al.id',
      'al.site_id',
      'al.channel_id',
      'al.name',
      'al.en_name',
      'al.description',
      'al.en_description',
      'al.cover_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('album_items as i')
        .select(eb.fn.countAll().as('n'))
        .whereRef('i.album_id', '=', 'al.id')
        .as('item_count'),
    );

const ALBUMS = compiledByKey<'site' | 'site+channel', { siteId: number; channelId: number }>()((q, key) => {
  const query = albumSelect(q).where('al.site_id', '=', param<number>('siteId'));
  return (key === 'site+channel' ? query.where('al.channel_id', '=', param<number>('channelId')) : query)
    .orderBy('al.sort_order')
    .orderBy('al.id');
});
const ALBUM = compiledQuery<{ id: number; siteId: number }>()((q) =>
  albumSelect(q).where('al.id', '=', param<number>('id')).where('al.site_id', '=', param<number>('siteId')),
);
const ITEMS = compiledQuery<{ albumId: number }>()((q) =>
  q
    .selectFrom('album_items')
    .select(['resource_type', 'resource_id'])
    .where('album_id', '=', param<number>('albumId'))
    .orderBy('position')
    .orderBy('resource_id'),
);
const ARTICLES = compiledIn<{ siteId: number; now: string }>()((q, ids) =>
  q
    .selectFrom('articles')
    .select(['id', 'title', 'en_title', 'notice_kind'])
    .where('site_id', '=', param<number>('siteId'))
    .where(visibleArticle('articles', param<string>('now')))
    .where('id', 'in', ids),
);
const PUBLICATIONS = compiledIn<{ siteId: number }>()((q, ids) =>
  q
    .selectFrom('publications')
    .select(['id', 'name', 'en_name', 'cover_id'])
    .where('site_id', '=', param<number>('siteId'))
    .where('id', 'in', ids),
);
const EXPERTS = compiledIn<{ siteId: number }>()((q, ids) =>
  q
    .selectFrom('experts')
    .select(['id', 'topic_id', 'name', 'en_name', 'photo_id'])
    .where('site_id', '=', param<number>('siteId'))
    .where('id', 'in', ids),
);
const FIGURES = compiledIn<{ siteId: number; kind: string; now: string }>()((q, ids) =>
  q
    .selectFrom('figures as f')
    .innerJoin('articles as a', 'a.id', 'f.article_id')
    .select(['f.id', 'f.article_id', 'f.caption', 'f.en_caption', 'f.file_id'])
    .where('f.site_id', '=', param<number>('siteId'))
    .where('f.kind', '=', param<string>('kind'))
    .whereRef('a.site_id', '=', 'f.site_id')
    .where(visibleArticle('a', param<string>('now')))
    .where('f.id', 'in', ids),
);
const MEDIA = compiledIn<{ siteId: number; kind: string }>()((q, ids) =>
  q
    .selectFrom('media')
    .select(['id', 'title', 'en_title', 'cover_id'])
    .where('site_id', '=', param<number>('siteId'))
    .where('kind', '=', param<string>('kind'))
    .where('id', 'in', ids),
);

type AlbumRow = InferResult<ReturnType<typeof albumSelect>>[number];

function toAlbum(row: AlbumRow): Album {
  return {
    id: row.id,
    siteId: row.site_id,
    channelId: row.channel_id,
    name: row.name,
    enName: row.en_name,
    description: row.description,
    enDescription: row.en_description,
    coverUrl: fileUrl(row.cover_id),
    // a count is typed for every engine (PostgreSQL returns bigint counts as strings)
    itemCount: Number(row.item_count ?? 0),
  };
}

export async function listAlbums(db: Db, siteId: number, channelId?: number): Promise<Album[]> {
  const rows = await ALBUMS(channelId === undefined ? 'site' : 'site+channel').all(db, {
    siteId,
    channelId: channelId ?? 0,
  });
  return rows.map(toAlbum);
}

/** only an article carries a notice */
type Resolved = Omit<AlbumItem, 'resourceType' | 'resourceId' | 'noticeKind'> & Partial<Pick<AlbumItem, 'noticeKind'>>;

/**
 * One query per resource type present in the album. Only resources of the album's own site that
 * are visible (no drafts) resolve; the rest are left out. Paths carry no language prefix.
 */
const RESOLVERS: Record<ResourceType, (db: Db, siteId: number, ids: number[]) => Promise<Map<number, Resolved>>> = {
  article: (db, siteId, ids) =>
    collect(ARTICLES(db, ids, { siteId, now: visibilityNow() }), (row) => ({
      title: row.title,
      enTitle: row.en_title,
      coverUrl: null,
      path: `article/${row.id}`,
      noticeKind: NOTICE_KINDS.find((kind) => kind === row.notice_kind) ?? null,
    })),
  picture: (db, siteId, ids) => resolveFigures(db, siteId, 'picture', ids),
  table: (db, siteId, ids) => resolveFigures(db, siteId, 'table', ids),
  video: (db, siteId, ids) => resolveMedia(db, siteId, 'video', ids),
  audio: (db, siteId, ids) => resolveMedia(db, siteId, 'audio', ids),
  expert: (db, siteId, ids) =>
    collect(EXPERTS(db, ids, { siteId }), (row) => ({
      title: row.name,
      enTitle: row.en_name,
      coverUrl: fileUrl(row.photo_id),
      path: `editorial-board/${row.topic_id}/${row.id}`,
    })),
  publication: (db, siteId, ids) =>
    collect(PUBLICATIONS(db, ids, { siteId }), (row) => ({
      title: row.name,
      enTitle: row.en_name,
      coverUrl: fileUrl(row.cover_id),
      path: null,
    })),
};

async function collect<R extends { id: number }>(
  rows: Promise<R[]>,
  map: (row: R) => Resolved,
): Promise<Map<number, Resolved>> {
  return new Map((await rows).map((row) => [row.id, map(row)]));
}

/** A figure or table has a page of its own (picture/{id}, table/{id}). */
function resolveFigures(
  db: Db,
  siteId: number,
  kind: 'picture' | 'table',
  ids: number[],
): Promise<Map<number, Resolved>> {
  return collect(FIGURES(db, ids, { siteId, kind, now: visibilityNow() }), (row) => ({
    title: row.caption,
    enTitle: row.en_caption,
    coverUrl: fileUrl(row.file_id),
    path: `${kind}/${row.id}`,
  }));
}

function resolveMedia(db: Db, siteId: number, kind: 'video' | 'audio', ids: number[]): Promise<Map<number, Resolved>> {
  return collect(MEDIA(db, ids, { siteId, kind }), (row) => ({
    title: row.title,
    enTitle: row.en_title,
    coverUrl: fileUrl(row.cover_id),
    path: `${kind}/${row.id}`,
  }));
}

const RESOURCE_TYPES = new Set<string>(Object.keys(RESOLVERS));
function isResourceType(value: string): value is ResourceType {
  return RESOURCE_TYPES.has(value);
}

export async function getAlbum(db: Db, siteId: number, albumId: number): Promise<AlbumDetail | null> {
  const row = await ALBUM.one(db, { id: albumId, siteId });
  if (!row) return null;
  const itemRows = await ITEMS.all(db, { albumId });
  const idsByType = new Map<ResourceType, number[]>();
  for (const item of itemRows) {
    const type = item.resource_type;
    if (!isResourceType(type)) continue;
    const ids = idsByType.get(type) ?? [];
    ids.push(item.resource_id);
    idsByType.set(type, ids);
  }
  const resolved = new Map<ResourceType, Map<number, Resolved>>();
  for (const [type, ids] of idsByType) resolved.set(type, await RESOLVERS[type](db, siteId, ids));
  const items: AlbumItem[] = [];
  for (const item of itemRows) {
    const resourceType = item.resource_type;
    if (!isResourceType(resourceType)) continue;
    const resourceId = item.resource_id;
    const found = resolved.get(resourceType)?.get(resourceId);
    if (found) items.push({ resourceType, resourceId, noticeKind: null, ...found });
  }
  return { ...toAlbum(row), items };
}
