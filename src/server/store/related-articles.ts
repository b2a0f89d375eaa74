/**
 * Related by content: the articles sharing the most of this article's content terms (its keywords
 * and title words, src/server/search/content-terms.ts, computed when the content is written), the
 * article itself excluded. Each term is read newest first and only so far (TERM_WINDOW holders a
 * site in scope), so an article costs a few index walks however many articles share a common term:
 * a BM25 query of its terms scored tens of thousands of matches at 100,000 articles (p95 over
 * 280 ms, docs/decisions.md).
 */

/** holders read per term and site in scope; they are ranked by how many of the article's terms each shares */
export const TERM_WINDOW = 30;

/** Ids of the term holders sharing the most terms, best first (ties: the newest). */
export function relatedByContent(termHolders: readonly { articleId: number }[], size: number): number[] {
  const shared = new Map<number, number>();
  for (const { articleId } of termHolders) shared.set(articleId, (shared.get(articleId) ?? 0) + 1);
  return [...shared.entries()]
    .sort(([aId, a], [bId, b]) => b - a || bId - aId)
    .slice(0, size)
    .map(([id]) => id);
}
