/**
 * A publisher's file stored once per site by its content hash (migration 045): importing the same
 * bytes again, for another article or under another name, finds the stored row instead of adding one.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';

export type PublisherFile = { siteId: number; name: string; contentType: string; bytes: Uint8Array; createdAt: string };

/** The id of the site's file with these bytes, stored now when the site has none; `added` tells which. */
export function storeFileOnceNow(db: Db, file: PublisherFile): { id: number; added: boolean } {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const found = statement(db, 'SELECT id FROM files WHERE site_id = ? AND sha256 = ?').get(file.siteId, sha256);
  if (found) return { id: Number(found['id']), added: false };
  const result = statement(
    db,
    'INSERT INTO files (site_id, name, content_type, data, etag, created_at, sha256, byte_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(file.siteId, file.name, file.contentType, file.bytes, sha256, file.createdAt, sha256, file.bytes.byteLength);
  return { id: Number(result.lastInsertRowid), added: true };
}
