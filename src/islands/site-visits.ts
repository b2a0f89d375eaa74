/** Loads the footer's live visit counts (GET site/visits) through the one API client. */
import { createApiClient } from '../lib/api-client.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';

export type VisitCounts = { sumVisits: number; todayVisits: number };

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Checks the envelope's data; throws on anything else. Hand-written: zod would outweigh the island. */
export function parseVisitCounts(data: unknown): VisitCounts {
  const v = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (!isCount(v['sumVisits']) || !isCount(v['todayVisits'])) throw new Error('bad response');
  return { sumVisits: v['sumVisits'], todayVisits: v['todayVisits'] };
}

export function fetchVisitCounts(siteId: number, lang: Lang): Promise<VisitCounts> {
  const api = createApiClient({ siteId: () => siteId, lang: () => lang });
  return api.get(apiPaths.siteVisits, { query: { siteId }, parse: parseVisitCounts });
}
