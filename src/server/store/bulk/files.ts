/**
 * A publisher's file stored once per site by its content hash (migration 045): importing the same
 * bytes again, for another article or under another name, finds the stored row instead of adding one.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { bytesOf, etagOf, type NewFile } from '../files.ts';
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
export async function setArticlePdf(trx: Tx, articleId: number, fileId: number): Promise<void> {
  await trx.updateTable('articles').set({ pdf_file_id: fileId }).where('id', '=', articleId).execute();
}

/**
 * The demo articles that get a full-text PDF: one formal article in four (the 2nd, 6th, 10th… of
 * each issue), so a small issue keeps articles with the summary sheet only, as a real site has.
 */
export async function fullTextArticles(trx: Tx): Promise<{ id: number; siteId: number }[]> {
  const rows = await trx
    .selectFrom('articles')
    .select(['id', 'site_id'])
    .where('status', '=', 'formal')
    .where(sql<number>`sort_order % 4`, '=', 2)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), siteId: Number(row.site_id) }));
}
