import { mediaId } from '../../store/bulk/import-reads.ts';
import type { ImportFile } from '../schema.ts';
import type { ArticleOf } from './albums.ts';
import { at, html, type ImportRun } from './writer.ts';

export async function writeMedia(run: ImportRun, file: ImportFile, articleOf: ArticleOf): Promise<void> {
  const { w, trx, siteId, note, upserted } = run;
  for (const [i, m] of file.media.entries()) {
    const path = ['media', i];
    const articleId = m.articleDoi ? await articleOf(m.articleDoi, [...path, 'articleDoi']) : m.articleDoi;
    const existing = await mediaId(trx, siteId, m.key, m.kind, m.title);
    const { changed } = await at(path, async () =>
      upserted(
        'media',
        existing,
        await w.upsert(
          'media',
          existing,
          {
            import_key: m.key,
            article_id: articleId,
            kind: m.kind,
            title: m.title,
            en_title: m.enTitle,
            description: html(m.description),
            en_description: html(m.enDescription),
            url: m.url,
            duration: m.duration,
            published_date: m.publishedDate,
          },
          { site_id: siteId },
        ),
      ),
    );
    // an article's page lists its media
    if (typeof articleId === 'number' && (changed || existing === null)) note('article', 'updated', articleId);
  }
}
