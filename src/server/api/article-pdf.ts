/**
 * An article's PDF attachment: made once on first download, kept in files and linked from
 * attachments, then served from there. Concurrent first downloads share one rendering.
 */
import type { ArticleDetail } from '../../content/types.ts';
import type { ArticlePdfInput } from '../files/pdf.ts';
import { noticePageInput, noticeStamp } from '../files/pdf-input.ts';
import { type DrawnPdf, type StoredPdf, savePdf, storedPdf } from '../store/attachments.ts';
import type { Db } from '../store/db.ts';

const rendering = new WeakMap<Db, Map<string, Promise<StoredPdf>>>();

/** Draws and stores once per article and kind, however many first downloads arrive together. */
function drawOnce(db: Db, article: ArticleDetail, kind: DrawnPdf, draw: () => Promise<Uint8Array>, now: Date) {
  let inFlight = rendering.get(db);
  if (!inFlight) {
    inFlight = new Map();
    rendering.set(db, inFlight);
  }
  const key = `${kind}:${article.id}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      await savePdf(db, article, await draw(), now.toISOString(), kind);
      const stored = await storedPdf(db, article.id, kind);
      if (!stored) throw new Error(`PDF of article ${article.id} was not stored`);
      return stored;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

export async function articlePdf(
  db: Db,
  article: ArticleDetail,
  render: (article: ArticleDetail) => Promise<Uint8Array>,
  now: Date,
): Promise<StoredPdf> {
  const existing = await storedPdf(db, article.id);
  // a PDF drawn before a correction or notice is drawn again
  if (existing && existing.createdAt >= article.updatedAt) return existing;
  return drawOnce(db, article, 'pdf', () => render(article), now);
}

/**
 * The journal's own PDF as a reader gets it: as imported, or, under a notice, with the notice page
 * in front and the label on every page (docs/decisions.md, "the notice page in the journal's PDF"),
 * drawn on the first download after the notice or the file changed and kept.
 */
export async function journalPdf(db: Db, article: ArticleDetail, own: StoredPdf, now: Date): Promise<StoredPdf> {
  const page = noticePageInput(article);
  if (!page) return own;
  const existing = await storedPdf(db, article.id, 'notice-pdf');
  if (existing && existing.createdAt >= article.updatedAt && existing.createdAt >= own.createdAt) return existing;
  try {
    return await drawOnce(db, article, 'notice-pdf', () => mergeNotice(article, own.data, page), now);
  } catch (error) {
    // a file pdf-lib cannot open (encrypted, damaged) is served as it is, with the Link header
    if (error instanceof Unmergeable) return own;
    throw error;
  }
}

class Unmergeable extends Error {}

async function mergeNotice(article: ArticleDetail, original: Uint8Array, page: ArticlePdfInput): Promise<Uint8Array> {
  // loaded on first use: few processes ever serve a PDF under a notice
  const [{ renderArticlePdf }, { withNoticePage }] = await Promise.all([
    import('../files/pdf.ts'),
    import('../files/pdf-notice.ts'),
  ]);
  const merged = await withNoticePage(original, renderArticlePdf(page), noticeStamp(article));
  if (!merged) throw new Unmergeable(`the PDF of article ${article.id} cannot be opened to add its notice`);
  return merged;
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
