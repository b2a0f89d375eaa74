/** Daily visit counters behind the footer's total and today figures. */
import type { Db } from './db.ts';
import { int, one, statement } from './sql.ts';

/** The counter's day key (UTC calendar date, YYYY-MM-DD); a string is taken as already a day key. */
export function visitDay(day: Date | string): string {
  return typeof day === 'string' ? day : day.toISOString().slice(0, 10);
}

/** Counts one page view of a site on a day. */
export function recordVisit(db: Db, siteId: number, day: Date | string): void {
  statement(
    db,
    `INSERT INTO visit_counters (site_id, day, count) VALUES (?, ?, 1)
     ON CONFLICT (site_id, day) DO UPDATE SET count = visit_counters.count + 1`,
  ).run(siteId, visitDay(day));
}

export function visitTotals(db: Db, siteId: number, today: Date | string): { sumVisits: number; todayVisits: number } {
  const row = one(
    db,
    `SELECT COALESCE(SUM(count), 0) AS sum_visits, COALESCE(SUM(CASE WHEN day = ? THEN count ELSE 0 END), 0) AS today_visits
     FROM visit_counters WHERE site_id = ?`,
    visitDay(today),
    siteId,
  );
  return { sumVisits: row ? int(row, 'sum_visits') : 0, todayVisits: row ? int(row, 'today_visits') : 0 };
}
