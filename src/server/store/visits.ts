/**
 * Daily visit counters behind the footer's total and today figures. Every prebuilt page view
 * counts, so views are added up in memory and written in one transaction a second later (or
 * before the next read of the totals, or on close): one write per page view would cost more than
 * serving the page.
 */
import type { Db } from './db.ts';
import { compiledQuery, param } from './compiled.ts';
import { int } from './sql.ts';

const UPSERT = compiledQuery<{ siteId: number; day: string; count: number }>((q) =>
  q
    .insertInto('visit_counters')
    .values({ site_id: param<number>('siteId'), day: param<string>('day'), count: param<number>('count') })
    .onConflict((conflict) => conflict.columns(['site_id', 'day']).doUpdateSet((eb) => ({ count: eb('visit_counters.count', '+', eb.ref('excluded.count')) }))),
);
const TOTALS = compiledQuery<{ day: string; siteId: number }>((q) =>
  q
    .selectFrom('visit_counters')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('sum_visits'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('day', '=', param<string>('day')).then(eb.ref('count')).else(0).end()), eb.lit(0)).as('today_visits'),
    ])
    .where('site_id', '=', param<number>('siteId')),
);

const FLUSH_AFTER_MS = 1000;

type Pending = { counts: Map<string, number>; timer: NodeJS.Timeout | null };
const pendingByDb = new WeakMap<Db, Pending>();

/** The counter's day key (UTC calendar date, YYYY-MM-DD); a string is taken as already a day key. */
export function visitDay(day: Date | string): string {
  return typeof day === 'string' ? day : day.toISOString().slice(0, 10);
}

/** Counts one page view of a site on a day; stored within a second, or at the next read. */
export function recordVisit(db: Db, siteId: number, day: Date | string): void {
  let pending = pendingByDb.get(db);
  if (!pending) {
    pending = { counts: new Map(), timer: null };
    pendingByDb.set(db, pending);
  }
  const key = `${siteId}|${visitDay(day)}`;
  pending.counts.set(key, (pending.counts.get(key) ?? 0) + 1);
  if (!pending.timer) {
    pending.timer = setTimeout(() => flushVisits(db), FLUSH_AFTER_MS);
    pending.timer.unref();
  }
}

/** Writes the views counted so far; a failed write keeps them for the next attempt. */
export function flushVisits(db: Db): void {
  const pending = pendingByDb.get(db);
  if (!pending) return;
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  if (pending.counts.size === 0 || !db.isOpen) return;
  const counts = [...pending.counts];
  pending.counts.clear();

  const own = !db.isTransaction;
  try {
    if (own) db.exec('BEGIN IMMEDIATE');
    for (const [key, count] of counts) {
      const [siteId = '', day = ''] = key.split('|');
      UPSERT.run(db, { siteId: Number(siteId), day, count });
    }
    if (own) db.exec('COMMIT');
  } catch (error) {
    if (own && db.isTransaction) db.exec('ROLLBACK');
    for (const [key, count] of counts) pending.counts.set(key, (pending.counts.get(key) ?? 0) + count);
    console.error('could not store visit counts', error);
  }
}

export function visitTotals(db: Db, siteId: number, today: Date | string): { sumVisits: number; todayVisits: number } {
  flushVisits(db);
  const row = TOTALS.one(db, { day: visitDay(today), siteId });
  return { sumVisits: row ? int(row, 'sum_visits') : 0, todayVisits: row ? int(row, 'today_visits') : 0 };
}
