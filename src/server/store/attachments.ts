/** Article attachments: the publisher's PDF when an import brought one, else the generated summary sheet. */
import { createHash } from 'node:crypto';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

/** createdAt: when it was stored (a drawn sheet older than the article's last change is drawn again) */
export type StoredPdf = { data: Uint8Array; etag: string; createdAt: string };
export type PublisherPdf = StoredPdf;

/**
 * What is drawn on an article's first download and kept: `pdf` the summary sheet, `notice-pdf` the
 * journal's PDF with the notice page in front (the journal's file itself stays as it was imported).
 */
export type DrawnPdf = 'pdf' | 'notice-pdf';

/** The PDF drawn for the article on its first download, once stored. */
export async function storedPdf(db: Db, articleId: number, kind: DrawnPdf = 'pdf'): Promise<StoredPdf | null> {
  const row = await kysely(db)
    .selectFrom('attachments as t')
    .innerJoin('files as f', 'f.id', 't.file_id')
    .select(['f.data', 'f.etag', 'f.created_at'])
    .where('t.article_id', '=', articleId)
    .where('t.attach_type', '=', kind)
    .executeTakeFirst();
  const data: unknown = row?.data;
  return row && data instanceof Uint8Array ? { data, etag: row.etag, createdAt: row.created_at } : null;
}

/** The journal's own PDF of the article (migration 045), or null when the journal supplied none. */
export async function publisherPdf(db: Db, articleId: number): Promise<PublisherPdf | null> {
  const row = await kysely(db)
    .selectFrom('articles as a')
    .innerJoin('files as f', 'f.id', 'a.pdf_file_id')
    .select(['f.data', 'f.etag', 'f.created_at'])
    .where('a.id', '=', articleId)
    .executeTakeFirst();
  const data: unknown = row?.data;
  return row && data instanceof Uint8Array ? { data, etag: row.etag, createdAt: row.created_at } : null;
}

/** Stores the bytes as a file and links it as the article's PDF, replacing an older link, in one transaction. */
export async function savePdf(
  db: Db,
  article: { id: number; siteId: number },
  bytes: Uint8Array,
  createdAt: string,
  kind: DrawnPdf = 'pdf',
): Promise<void> {
  const etag = createHash('sha1').update(bytes).digest('hex');
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const file = await trx
        .insertInto('files')
        .values({
          site_id: article.siteId,
          name: kind === 'pdf' ? `article-${article.id}.pdf` : `article-${article.id}-notice.pdf`,
          content_type: 'application/pdf',
          data: bytes,
          etag,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('attachments')
        .values({ article_id: article.id, attach_type: kind, file_id: file.id })
        .onConflict((conflict) =>
          conflict
            .columns(['article_id', 'attach_type'])
            .doUpdateSet((eb) => ({ file_id: eb.ref('excluded.file_id') })),
        )
        .execute();
    });
}
