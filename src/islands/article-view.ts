/** Sends an article page's view beacon (POST front-article/view) through the islands' API client. */
import { apiPaths } from '../lib/api-paths.ts';
import { sendSiteVisit } from './site-visits.ts';
import { browserApi } from './state/api.ts';

/** Checks the envelope's data; throws on anything else. Hand-written: zod would outweigh the island. */
function parseViews(data: unknown): number {
  const views = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const count = views['views'];
  if (!Number.isInteger(count) || (count as number) < 0) throw new Error('bad response');
  return count as number;
}

/**
 * Sent after the site's visit beacon has answered: a first-time visitor gets the visitorId cookie
 * from that answer, so both beacons count the same visitor (sent together, each would make up an
 * id of its own and the later cookie would win).
 */
export async function sendArticleView(siteId: number, articleId: number): Promise<number> {
  await sendSiteVisit(siteId).catch(() => undefined);
  return browserApi(siteId).post(apiPaths.articleView, { id: articleId }, { parse: parseViews });
}
