/**
 * The reads the demo seed needs between its writes, inside its synchronous transaction: ids of
 * rows it just wrote. The import reads through import-reads.ts, async.
 */
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';

function idOf(db: Db, sql: string, ...params: (string | number)[]): number | null {
  const row = statement(db, sql).get(...params);
  return row ? Number(row['id']) : null;
}

function idsOf(db: Db, sql: string, ...params: (string | number)[]): number[] {
  return statement(db, sql)
    .all(...params)
    .map((row) => Number(row['id']));
}
/** The demo's most cited formal articles of a site, for its albums. */
export const mostCitedArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' ORDER BY citations DESC, id LIMIT ?",
    siteId,
    limit,
  );

export const figureIdsNow = (db: Db, siteId: number, kind: 'picture' | 'table', limit: number) =>
  idsOf(db, 'SELECT id FROM figures WHERE site_id = ? AND kind = ? ORDER BY id LIMIT ?', siteId, kind, limit);

export const mediaIdsNow = (db: Db, siteId: number, kind: 'video' | 'audio') =>
  idsOf(db, 'SELECT id FROM media WHERE site_id = ? AND kind = ? ORDER BY id', siteId, kind);

/** A site's newest formal articles, newest first. */
export const newestFormalArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' ORDER BY published_date DESC, id LIMIT ?",
    siteId,
    limit,
  );

export const newestFormalArticleIdNow = (db: Db, siteId: number) => newestFormalArticleIdsNow(db, siteId, 1)[0] ?? null;

export const firstExpertIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(db, 'SELECT id FROM experts WHERE site_id = ? ORDER BY sort_order, id LIMIT ?', siteId, limit);

/** The last position used in an album (0 when empty). */
export const lastAlbumPositionNow = (db: Db, albumId: number) =>
  idOf(db, 'SELECT COALESCE(MAX(position), 0) AS id FROM album_items WHERE album_id = ?', albumId) ?? 0;

/** The first enabled channel of a code on a site (the one its menu item leads to). */
export const channelIdByCodeNow = (db: Db, siteId: number, code: string) =>
  idOf(db, "SELECT id FROM channels WHERE site_id = ? AND code = ? AND enable = '1' ORDER BY id LIMIT 1", siteId, code);

/** Online-first and just-accepted articles, newest first: what a pre-publication channel shows. */
export const prePublicationArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status IN ('online-first', 'just-accepted') ORDER BY published_date DESC, id LIMIT ?",
    siteId,
    limit,
  );
