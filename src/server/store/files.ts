/** Stored files (logos, covers, figures, generated PDFs), served by the rc-pub files/get call. */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export function fileUrl(id: number | null): string | null {
  return id === null ? null : `/rc-pub/front/files/get?id=${id}`;
}

/** A member's upload is addressed by its random key, never by its sequential id. */
export function uploadUrl(key: string): string {
  return `/rc-pub/front/files/get?key=${key}`;
}

export type NewFile = {
  siteId: number | null;
  name: string;
  contentType: string;
  data: Uint8Array | string;
  createdAt: string;
};
/** siteId: the site it belongs to; null for platform-wide files (the platform logo); ownerId: the member who uploaded it */
export type StoredFile = {
  siteId: number | null;
  ownerId: number | null;
  contentType: string;
  data: Uint8Array<ArrayBuffer>;
  etag: string;
};

export function etagOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

export const bytesOf = (data: Uint8Array | string) =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

/** @internal Writes a file row (bytes, content type, sha1 etag): for tests that plant a file. */
export async function insertFile(db: Db, file: NewFile): Promise<number> {
  const data = bytesOf(file.data);
  const row = await kysely(db)
    .insertInto('files')
    .values({
      site_id: file.siteId,
      name: file.name,
      content_type: file.contentType,
      data,
      etag: etagOf(data),
      created_at: file.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type FileRow = {
  site_id: number | null;
  owner_id: number | null;
  content_type: string;
  data: Uint8Array;
  etag: string;
};

function storedFile(row: FileRow): StoredFile {
  // SQLite keeps whatever a writer bound, so a BLOB column can hold text; copied so the bytes own their buffer
  const data: unknown = row.data;
  const bytes = data instanceof Uint8Array ? new Uint8Array(data) : new TextEncoder().encode(String(data));
  return {
    siteId: row.site_id,
    ownerId: row.owner_id,
    contentType: row.content_type,
    data: bytes,
    etag: row.etag,
  };
}

const FILE_COLUMNS = ['site_id', 'owner_id', 'content_type', 'data', 'etag'] as const;

export async function fileById(db: Db, id: number): Promise<StoredFile | null> {
  const row = await kysely(db).selectFrom('files').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? storedFile(row) : null;
}

/** A member's upload by its random key. */
export async function fileByKey(db: Db, key: string): Promise<StoredFile | null> {
  const row = await kysely(db)
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('access_key', '=', key)
    .where('owner_id', 'is not', null)
    .executeTakeFirst();
  return row ? storedFile(row) : null;
}

export type MemberUpload = { id: number; key: string };

/** Stores a member's upload under a new random key. */
export async function insertMemberUpload(db: Db, ownerId: number, file: NewFile): Promise<MemberUpload> {
  const bytes = bytesOf(file.data);
  const key = randomBytes(16).toString('hex');
  const row = await kysely(db)
    .insertInto('files')
    .values({
      site_id: file.siteId,
      owner_id: ownerId,
      access_key: key,
      byte_size: bytes.byteLength,
      name: file.name,
      content_type: file.contentType,
      data: bytes,
      etag: etagOf(bytes),
      created_at: file.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** The bytes a member's uploads take, leaving out the one about to be replaced. */
export async function memberUploadBytes(db: Db, ownerId: number, replacing: number | null): Promise<number> {
  let query = kysely(db)
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
    .where('owner_id', '=', ownerId);
  if (replacing !== null) query = query.where('id', '!=', replacing);
  const row = await query.executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The URL of a stored picture: a member's upload by its key, any other file by its id. */
export async function pictureUrl(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await kysely(db).selectFrom('files').select('access_key').where('id', '=', id).executeTakeFirst();
  return row?.access_key ? uploadUrl(row.access_key) : fileUrl(id);
}

/** Deletes a member's upload once no profile or album shows it (a replaced photo, a deleted album's cover). */
export async function deleteUnusedUpload(db: Db, ownerId: number, id: number | null): Promise<void> {
  if (id === null) return;
  await kysely(db)
    .deleteFrom('files')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.head_picture_id', '=', 'files.id'))),
        eb.not(
          eb.exists(
            eb
              .selectFrom('personal_albums')
              .select('personal_albums.id')
              .whereRef('personal_albums.cover_id', '=', 'files.id'),
          ),
        ),
      ]),
    )
    .execute();
}
