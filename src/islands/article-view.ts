/** Sends an article page's view beacon (POST front-article/view) through the islands' API client. */
import { apiPaths } from '../lib/api-paths.ts';
import { browserApi } from './state/api.ts';

/** Checks the envelope's data; throws on anything else. Hand-written: zod would outweigh the island. */
function parseViews(data: unknown): number {
  const views = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const count = views['views'];
  if (!Number.isInteger(count) || (count as number) < 0) throw new Error('bad response');
  return count as number;
}

export function sendArticleView(siteId: number, articleId: number): Promise<number> {
  return browserApi(siteId).post(apiPaths.articleView, { id: articleId }, { parse: parseViews });
}
