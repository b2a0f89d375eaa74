/** Albums (virtual collections) and their items resolved to titles, covers and page paths. */
import type { Album, AlbumDetail } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { all, allIn, int, intOrNull, one, type Row, str, strOrNull } from './sql.ts';

type AlbumItem = AlbumDetail['items'][number];
type ResourceType = AlbumItem['resourceType'];

const ALBUM_SELECT = `SELECT al.id, al.site_id, al.channel_id, al.name, al.en_name, al.description, al.en_description,
  al.cover_id, (SELECT COUNT(*) FROM album_items i WHERE i.album_id = al.id) AS item_count
  FROM albums al`;

function toAlbum(row: Row): Album {
  return {
    id: int(row, 'id'),
    siteId: int(row, 'site_id'),
    channelId: intOrNull(row, 'channel_id'),
    name: str(row, 'name'),
    enName: strOrNull(row, 'en_name'),
    description: strOrNull(row, 'description'),
    enDescription: strOrNull(row, 'en_description'),
    coverUrl: fileUrl(intOrNull(row, 'cover_id')),
    itemCount: int(row, 'item_count'),
  };
}

export function listAlbums(db: Db, siteId: number, channelId?: number): Album[] {
  const rows =
    channelId === undefined
      ? all(db, `${ALBUM_SELECT} WHERE al.site_id = ? ORDER BY al.sort_order, al.id`, siteId)
      : all(db, `${ALBUM_SELECT} WHERE al.site_id = ? AND al.channel_id = ? ORDER BY al.sort_order, al.id`, siteId, channelId);
  return rows.map(toAlbum);
}

type Resolved = Omit<AlbumItem, 'resourceType' | 'resourceId'>;

/**
 * One query per resource type present in the album. Only resources of the album's own site that
 * are visible (no drafts) resolve; the rest are left out. Paths carry no language prefix.
 */
const RESOLVERS: Record<ResourceType, (db: Db, siteId: number, ids: number[]) => Map<number, Resolved>> = {
  article: (db, siteId, ids) =>
    collect(
      allIn(db, ids, (list) => `SELECT id, title, en_title FROM articles WHERE site_id = ? AND status <> 'draft' AND id IN (${list})`, siteId),
      (row) => ({ title: str(row, 'title'), enTitle: strOrNull(row, 'en_title'), coverUrl: null, path: `article/${int(row, 'id')}` }),
    ),
  picture: (db, siteId, ids) => resolveFigures(db, siteId, 'picture', ids),
  table: (db, siteId, ids) => resolveFigures(db, siteId, 'table', ids),
  video: (db, siteId, ids) => resolveMedia(db, siteId, 'video', ids),
  audio: (db, siteId, ids) => resolveMedia(db, siteId, 'audio', ids),
  expert: (db, siteId, ids) =>
    collect(
      allIn(db, ids, (list) => `SELECT id, topic_id, name, en_name, photo_id FROM experts WHERE site_id = ? AND id IN (${list})`, siteId),
      (row) => ({
        title: str(row, 'name'),
        enTitle: strOrNull(row, 'en_name'),
        coverUrl: fileUrl(intOrNull(row, 'photo_id')),
        path: `editorial-board/${int(row, 'topic_id')}/${int(row, 'id')}`,
      }),
    ),
  publication: (db, siteId, ids) =>
    collect(
      allIn(db, ids, (list) => `SELECT id, name, en_name, cover_id FROM publications WHERE site_id = ? AND id IN (${list})`, siteId),
      (row) => ({ title: str(row, 'name'), enTitle: strOrNull(row, 'en_name'), coverUrl: fileUrl(intOrNull(row, 'cover_id')), path: null }),
    ),
};

function collect(rows: Row[], map: (row: Row) => Resolved): Map<number, Resolved> {
  return new Map(rows.map((row) => [int(row, 'id'), map(row)]));
}

/** A figure or table has a page of its own (picture/{id}, table/{id}). */
function resolveFigures(db: Db, siteId: number, kind: 'picture' | 'table', ids: number[]): Map<number, Resolved> {
  return collect(
    allIn(
      db,
      ids,
      (list) => `SELECT f.id, f.caption, f.en_caption, f.file_id FROM figures f JOIN articles a ON a.id = f.article_id
        WHERE f.site_id = ? AND f.kind = ? AND a.site_id = f.site_id AND a.status <> 'draft' AND f.id IN (${list})`,
      siteId,
      kind,
    ),
    (row) => ({
      title: str(row, 'caption'),
      enTitle: strOrNull(row, 'en_caption'),
      coverUrl: fileUrl(intOrNull(row, 'file_id')),
      path: `${kind}/${int(row, 'id')}`,
    }),
  );
}

function resolveMedia(db: Db, siteId: number, kind: 'video' | 'audio', ids: number[]): Map<number, Resolved> {
  return collect(
    allIn(db, ids, (list) => `SELECT id, title, en_title, cover_id FROM media WHERE site_id = ? AND kind = ? AND id IN (${list})`, siteId, kind),
    (row) => ({ title: str(row, 'title'), enTitle: strOrNull(row, 'en_title'), coverUrl: fileUrl(intOrNull(row, 'cover_id')), path: `${kind}/${int(row, 'id')}` }),
  );
}

const RESOURCE_TYPES = new Set<string>(Object.keys(RESOLVERS));
function isResourceType(value: string): value is ResourceType {
  return RESOURCE_TYPES.has(value);
}

export function getAlbum(db: Db, siteId: number, albumId: number): AlbumDetail | null {
  const row = one(db, `${ALBUM_SELECT} WHERE al.id = ? AND al.site_id = ?`, albumId, siteId);
  if (!row) return null;
  const itemRows = all(db, 'SELECT resource_type, resource_id FROM album_items WHERE album_id = ? ORDER BY position, resource_id', albumId);
  const idsByType = new Map<ResourceType, number[]>();
  for (const item of itemRows) {
    const type = str(item, 'resource_type');
    if (!isResourceType(type)) continue;
    const ids = idsByType.get(type) ?? [];
    ids.push(int(item, 'resource_id'));
    idsByType.set(type, ids);
  }
  const resolved = new Map<ResourceType, Map<number, Resolved>>();
  for (const [type, ids] of idsByType) resolved.set(type, RESOLVERS[type](db, siteId, ids));
  const items: AlbumItem[] = [];
  for (const item of itemRows) {
    const resourceType = str(item, 'resource_type');
    if (!isResourceType(resourceType)) continue;
    const resourceId = int(item, 'resource_id');
    const found = resolved.get(resourceType)?.get(resourceId);
    if (found) items.push({ resourceType, resourceId, ...found });
  }
  return { ...toAlbum(row), items };
}
