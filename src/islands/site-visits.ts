/** Sends the site's visit beacon (POST site/visit) through the islands' API client; it answers the footer's live visit counts. */
import { apiPaths } from '../lib/api-paths.ts';
import { browserApi } from './state/api.ts';

export type VisitCounts = { sumVisits: number; todayVisits: number };

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Checks the envelope's data; throws on anything else. Hand-written: zod would outweigh the island. */
export function parseVisitCounts(data: unknown): VisitCounts {
  const v = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (!isCount(v['sumVisits']) || !isCount(v['todayVisits'])) throw new Error('bad response');
  return { sumVisits: v['sumVisits'], todayVisits: v['todayVisits'] };
}

let sent: Promise<VisitCounts> | undefined;

/** The page's one visit beacon: the first call sends it, later calls share its answer. */
export function sendSiteVisit(siteId: number): Promise<VisitCounts> {
  sent ??= browserApi(siteId).post(apiPaths.siteVisit, {}, { parse: parseVisitCounts });
  return sent;
}
