/**
 * The feeds a site offers and their URLs (root-relative; the feeds themselves write absolute
 * links from the origin they were fetched on). One list behind /rssList and the
 * `<link rel="alternate">` autodiscovery in page heads.
 */
import { apiPaths } from './api-paths.ts';
import type { Lang } from './lang.ts';

export type FeedFormat = 'rss' | 'atom';
/** latest: newest formal and online-first; current: the newest issue; online-first */
export type JournalFeed = 'latest' | 'current' | 'online-first';
export type FeedTarget = { feed: JournalFeed; publicationId?: number } | { periodId: number } | { channelId: number };

export const FEED_TYPES: Record<FeedFormat, string> = { rss: 'application/rss+xml', atom: 'application/atom+xml' };

export function feedHref(format: FeedFormat, lang: Lang, target: FeedTarget): string {
  const query = new URLSearchParams();
  if ('periodId' in target) query.set('periodId', String(target.periodId));
  else if ('channelId' in target) query.set('channelId', String(target.channelId));
  else {
    query.set('feed', target.feed);
    if (target.publicationId !== undefined) query.set('publicationId', String(target.publicationId));
  }
  query.set('lang', lang);
  return `${format === 'rss' ? apiPaths.rss : apiPaths.atom}?${query.toString()}`;
}
