/** The ranking's periods and kinds (docs/product-rules.md#rankings-and-statistics) and the first day a period counts. */
import { RANKING_KINDS, RANKING_PERIODS } from './constants.ts';

export type RankingPeriod = keyof typeof RANKING_PERIODS;
export type RankingKind = (typeof RANKING_KINDS)[number];

export const rankingPeriods = Object.keys(RANKING_PERIODS) as [RankingPeriod, ...RankingPeriod[]];

export function isRankingPeriod(value: unknown): value is RankingPeriod {
  return typeof value === 'string' && Object.hasOwn(RANKING_PERIODS, value);
}

export function isRankingKind(value: unknown): value is RankingKind {
  return (RANKING_KINDS as readonly unknown[]).includes(value);
}

/** The first UTC day (YYYY-MM-DD) a period counts, or null for 'all'. */
export function rankingFromDay(period: RankingPeriod, now: Date): string | null {
  const months = RANKING_PERIODS[period];
  if (months === null) return null;
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return from.toISOString().slice(0, 10);
}
