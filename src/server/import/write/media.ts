import { mediaIdNow } from '../../store/bulk/lookups.ts';
import type { ImportFile } from '../schema.ts';
import type { ArticleOf } from './albums.ts';
import { at, html, type ImportRun } from './writer.ts';

export function writeMedia(run: ImportRun, file: ImportFile, articleOf: ArticleOf): void {
  const { w, db, siteId, note, upserted } = run;
  file.media.forEach((m, i) => {
    const path = ['media', i];
    const articleId = m.articleDoi ? articleOf(m.articleDoi, [...path, 'articleDoi']) : m.articleDoi;
    const existing = mediaIdNow(db, siteId, m.key, m.kind, m.title);
    const { changed } = at(path, () =>
      upserted(
        'media',
        existing,
        w.upsert(
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
  });
}
