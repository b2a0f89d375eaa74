/**
 * Spreads an article's seeded views and downloads over days, so the ranking periods and the
 * article's monthly chart have something to show: one day in each of the last 12 months since it
 * appeared gets a share, the rest lands on its publication day. The daily rows add up to the
 * article's totals.
 */
import { addDays } from './context.ts';
import type { Random } from './random.ts';

const RECENT_MONTHS = 12;
const DAYS_PER_MONTH = 30;

export type DailyCountWriter = (
  articleId: number,
  siteId: number,
  day: string,
  views: number,
  downloads: number,
) => unknown;

export function seedDailyCounts(
  random: Random,
  write: DailyCountWriter,
  article: { id: number; siteId: number; published: string; views: number; downloads: number },
  today: string,
): void {
  let views = article.views;
  let downloads = article.downloads;
  for (let month = 0; month < RECENT_MONTHS; month++) {
    const day = addDays(today, -(month * DAYS_PER_MONTH + random.int(0, DAYS_PER_MONTH - 1)));
    if (day <= article.published) break;
    const monthViews = Math.min(views, Math.floor(article.views * (0.01 + random.next() * 0.05)));
    const monthDownloads = Math.min(downloads, Math.floor(monthViews * (0.2 + random.next() * 0.4)));
    if (monthViews === 0 && monthDownloads === 0) continue;
    write(article.id, article.siteId, day, monthViews, monthDownloads);
    views -= monthViews;
    downloads -= monthDownloads;
  }
  if (views > 0 || downloads > 0) write(article.id, article.siteId, article.published, views, downloads);
}
