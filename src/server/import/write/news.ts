import { newsChannelId, newsId, newsIdByKey, newsIdOnSite } from '../../store/bulk/import-reads.ts';
import { storedPublishAt } from '../../store/visibility.ts';
import type { ImportFile } from '../schema.ts';
import { at, fail, fieldChanges, flag, html, type ImportRun } from './writer.ts';

export async function writeNews(run: ImportRun, file: ImportFile): Promise<void> {
  const { w, trx, siteId, upserted, keepVersion } = run;
  const newsChannel = await newsChannelId(trx, siteId);
  for (const [i, n] of file.news.entries()) {
    const publishedAt =
      n.publishedAt === undefined || n.publishedAt.length !== 10 ? n.publishedAt : `${n.publishedAt}T00:00:00.000Z`;
    const existing =
      n.id !== undefined
        ? ((await newsIdOnSite(trx, siteId, n.id)) ??
          fail(['news', i, 'id'], { code: 'noNewsId', params: { id: n.id } }))
        : n.title !== undefined && publishedAt !== undefined
          ? await newsId(trx, siteId, n.key, n.title, publishedAt)
          : n.key !== undefined
            ? await newsIdByKey(trx, siteId, n.key)
            : null;
    await at(['news', i], async () => {
      const { id, changes } = upserted(
        'news',
        existing,
        await w.upsert(
          'news',
          existing,
          {
            import_key: n.key,
            type: n.type,
            news_data_type: n.newsDataType,
            original: n.sourceLink === undefined ? undefined : n.sourceLink ? 2 : 1,
            source_link: n.sourceLink,
            title: n.title,
            en_title: n.enTitle,
            summary: n.summary,
            en_summary: n.enSummary,
            content: html(n.content),
            en_content: html(n.enContent),
            is_top: flag(n.isTop),
            draft: flag(n.draft),
            published_at: publishedAt,
            publish_at: n.publishedAt === undefined ? undefined : storedPublishAt(n.publishedAt),
          },
          { site_id: siteId, channel_id: newsChannel, news_data_type: 'news', original: 1, is_top: 0, draft: 0 },
        ),
      );
      await keepVersion('news', id, fieldChanges(changes));
    });
  }
}
