/** Stored files (logos, covers, figures, generated PDFs), served by the rc-pub files/get call. */
import { createHash } from 'node:crypto';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { compiledQuery, param } from './compiled.ts';
import { int } from './sql.ts';

export function fileUrl(id: number | null): string | null {
  return id === null ? null : `/rc-pub/front/files/get?id=${id}`;
}

export type NewFile = { siteId: number | null; name: string; contentType: string; data: Uint8Array | string; createdAt: string };
/** siteId: the site it belongs to; null for platform-wide files (the platform logo) */
export type StoredFile = { siteId: number | null; contentType: string; data: Uint8Array<ArrayBuffer>; etag: string };

function etagOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

const bytesOf = (data: Uint8Array | string) => (typeof data === 'string' ? new TextEncoder().encode(data) : data);

const INSERT = compiledQuery<{ siteId: number | null; name: string; contentType: string; data: Uint8Array; etag: string; createdAt: string }>((q) =>
  q
    .insertInto('files')
    .values({
      site_id: param<number | null>('siteId'),
      name: param<string>('name'),
      content_type: param<string>('contentType'),
      data: param<Uint8Array>('data'),
      etag: param<string>('etag'),
      created_at: param<string>('createdAt'),
    })
    .returning('id'),
);

/** Writes a file row (bytes, content type, sha1 etag) at once: for seed steps inside their transaction. */
export function insertFileNow(db: Db, file: NewFile): number {
  const data = bytesOf(file.data);
  const row = INSERT.one(db, { siteId: file.siteId, name: file.name, contentType: file.contentType, data, etag: etagOf(data), createdAt: file.createdAt });
  return row ? int(row, 'id') : 0;
}

export async function fileById(db: Db, id: number): Promise<StoredFile | null> {
  const row = await kysely(db).selectFrom('files').select(['site_id', 'content_type', 'data', 'etag']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const data: unknown = row.data;
  const bytes = data instanceof Uint8Array ? new Uint8Array(data) : new TextEncoder().encode(String(data));
  return { siteId: row.site_id === null ? null : Number(row.site_id), contentType: row.content_type, data: bytes, etag: row.etag };
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
