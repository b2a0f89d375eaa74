/** Writes a file row (bytes, content type, sha1 etag) for files/get to serve. */
import { createHash } from 'node:crypto';
import type { Db } from '../store/db.ts';

export type NewFile = { siteId: number | null; name: string; contentType: string; data: Uint8Array | string; createdAt: string };

export function etagOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

export function storeFile(db: Db, file: NewFile): number {
  const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : file.data;
  const result = db
    .prepare('INSERT INTO files (site_id, name, content_type, data, etag, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(file.siteId, file.name, file.contentType, bytes, etagOf(bytes), file.createdAt);
  return Number(result.lastInsertRowid);
}
