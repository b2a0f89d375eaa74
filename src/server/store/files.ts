/** Stored files (logos, covers, figures, generated PDFs), served by the rc-pub files/get call. */
import { createHash } from 'node:crypto';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { statement } from './sql.ts';

export function fileUrl(id: number | null): string | null {
  return id === null ? null : `/rc-pub/front/files/get?id=${id}`;
}

export type NewFile = { siteId: number | null; name: string; contentType: string; data: Uint8Array | string; createdAt: string };
export type StoredFile = { contentType: string; data: Uint8Array<ArrayBuffer>; etag: string };

function etagOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

const bytesOf = (data: Uint8Array | string) => (typeof data === 'string' ? new TextEncoder().encode(data) : data);

/** Writes a file row (bytes, content type, sha1 etag) at once: for seed steps inside their transaction. */
export function insertFileNow(db: Db, file: NewFile): number {
  const bytes = bytesOf(file.data);
  const result = statement(db, 'INSERT INTO files (site_id, name, content_type, data, etag, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    file.siteId,
    file.name,
    file.contentType,
    bytes,
    etagOf(bytes),
    file.createdAt,
  );
  return Number(result.lastInsertRowid);
}

export async function fileById(db: Db, id: number): Promise<StoredFile | null> {
  const row = await kysely(db).selectFrom('files').select(['content_type', 'data', 'etag']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const data: unknown = row.data;
  const bytes = data instanceof Uint8Array ? new Uint8Array(data) : new TextEncoder().encode(String(data));
  return { contentType: row.content_type, data: bytes, etag: row.etag };
}

/** Stores an uploaded file and returns its id. */
export async function insertFile(db: Db, file: NewFile): Promise<number> {
  const bytes = bytesOf(file.data);
  const row = await kysely(db)
    .insertInto('files')
    .values({ site_id: file.siteId, name: file.name, content_type: file.contentType, data: bytes, etag: etagOf(bytes), created_at: file.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
