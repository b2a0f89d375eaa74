/** The months of an article's statistics: the last 12 calendar months (UTC), this one last. */
export const STATISTICS_MONTHS = 12;

export type MonthCounts = { month: string; views: number; downloads: number };

/** YYYY-MM of the last `count` months, oldest first. */
export function lastMonths(now: Date, count = STATISTICS_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return month.toISOString().slice(0, 7);
  });
}

/** Every month of the window, with zero where nothing was counted. */
export function fillMonths(months: readonly string[], counted: readonly MonthCounts[]): MonthCounts[] {
  const byMonth = new Map(counted.map((row) => [row.month, row]));
  return months.map((month) => byMonth.get(month) ?? { month, views: 0, downloads: 0 });
}
