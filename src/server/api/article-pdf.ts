/**
 * An article's PDF attachment: made once on first download, kept in files and linked from
 * attachments, then served from there. Concurrent first downloads share one rendering.
 */
import type { ArticleDetail } from '../../content/types.ts';
import { type StoredPdf, savePdf, storedPdf } from '../store/attachments.ts';
import type { Db } from '../store/db.ts';

const rendering = new WeakMap<Db, Map<number, Promise<StoredPdf>>>();

export async function articlePdf(
  db: Db,
  article: ArticleDetail,
  render: (article: ArticleDetail) => Promise<Uint8Array>,
  now: Date,
): Promise<StoredPdf> {
  const existing = await storedPdf(db, article.id);
  // a PDF drawn before a correction or notice is drawn again
  if (existing && existing.createdAt >= article.updatedAt) return existing;
  let inFlight = rendering.get(db);
  if (!inFlight) {
    inFlight = new Map();
    rendering.set(db, inFlight);
  }
  let pending = inFlight.get(article.id);
  if (!pending) {
    pending = (async () => {
      const bytes = await render(article);
      await savePdf(db, article, bytes, now.toISOString());
      const stored = await storedPdf(db, article.id);
      if (!stored) throw new Error(`PDF of article ${article.id} was not stored`);
      return stored;
    })().finally(() => inFlight.delete(article.id));
    inFlight.set(article.id, pending);
  }
  return pending;
}

/** "attachment" with an ASCII fallback name and the UTF-8 title for browsers that read filename*. */
export function pdfDisposition(article: ArticleDetail): string {
  const fallback = `article-${article.id}.pdf`;
  const title = (article.enTitle && article.language === 'en' ? article.enTitle : article.title)
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 120);
  const utf8 = encodeURIComponent(`${title || `article-${article.id}`}.pdf`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${utf8}`;
}
