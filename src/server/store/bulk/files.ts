/**
 * A publisher's file stored once per site by its content hash (migration 045): importing the same
 * bytes again, for another article or under another name, finds the stored row instead of adding one.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db.ts';
import { bytesOf, etagOf, type NewFile } from '../files.ts';
import { statement } from '../sql.ts';
import type { Tx } from './insert.ts';

export type PublisherFile = { siteId: number; name: string; contentType: string; bytes: Uint8Array; createdAt: string };

/** The row a publisher's file is stored as: its sha256 is both its key within the site and its etag. */
function fileRow(file: PublisherFile) {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  return {
    site_id: file.siteId,
    name: file.name,
    content_type: file.contentType,
    data: file.bytes,
    etag: sha256,
    created_at: file.createdAt,
    sha256,
    byte_size: file.bytes.byteLength,
  };
}

/** The id of the site's file with these bytes, stored now when the site has none; `added` tells which. */
export async function storeFileOnce(trx: Tx, file: PublisherFile): Promise<{ id: number; added: boolean }> {
  const row = fileRow(file);
  const found = await trx
    .selectFrom('files')
    .select('id')
    .where('site_id', '=', row.site_id)
    .where('sha256', '=', row.sha256)
    .executeTakeFirst();
  if (found) return { id: Number(found.id), added: false };
  const added = await trx.insertInto('files').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: Number(added.id), added: true };
}

/** storeFileOnce for the demo seed's synchronous transaction (docs/decisions.md, the async import). */
export function storeFileOnceNow(db: Db, file: PublisherFile): { id: number; added: boolean } {
  const row = fileRow(file);
  const found = statement(db, 'SELECT id FROM files WHERE site_id = ? AND sha256 = ?').get(row.site_id, row.sha256);
  if (found) return { id: Number(found['id']), added: false };
  const result = statement(
    db,
    'INSERT INTO files (site_id, name, content_type, data, etag, created_at, sha256, byte_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(row.site_id, row.name, row.content_type, row.data, row.etag, row.created_at, row.sha256, row.byte_size);
  return { id: Number(result.lastInsertRowid), added: true };
}

/** Writes a file row (bytes, content type, sha1 etag), one per call: the demo seed's pictures. */
export async function insertFile(trx: Tx, file: NewFile): Promise<number> {
  const data = bytesOf(file.data);
  const row = await trx
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
  return Number(row.id);
}

/** Makes a file the article's own PDF (the demo seed's full texts). */
export function setArticlePdfNow(db: Db, articleId: number, fileId: number): void {
  statement(db, 'UPDATE articles SET pdf_file_id = ? WHERE id = ?').run(fileId, articleId);
}

/**
 * The demo articles that get a full-text PDF: one formal article in four (the 2nd, 6th, 10th… of
 * each issue), so a small issue keeps articles with the summary sheet only, as a real site has.
 */
export function fullTextArticlesNow(db: Db): { id: number; siteId: number }[] {
  return statement(db, "SELECT id, site_id FROM articles WHERE status = 'formal' AND sort_order % 4 = 2 ORDER BY id")
    .all()
    .map((row) => ({ id: Number(row['id']), siteId: Number(row['site_id']) }));
}
