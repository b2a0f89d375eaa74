/**
 * The footer's total and today visits: a visit counts once per visitor, site and UTC day (the
 * visit beacon of the FooterVisits island; site_visit_marks remembers who was counted), added to
 * the site's counter of that day in the same transaction.
 */

import type { Kysely } from 'kysely';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

/** The site's visits in all and on `day`: one builder, compiled once for renders and run async by the beacon. */
function totalsQuery(q: Kysely<Database>, day: string, siteId: number) {
  return q
    .selectFrom('visit_counters')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('sum_visits'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when('day', '=', day).then(eb.ref('count')).else(0).end()), eb.lit(0))
        .as('today_visits'),
    ])
    .where('site_id', '=', siteId);
}

const TOTALS = compiledQuery<{ day: string; siteId: number }>()((q) =>
  totalsQuery(q, param<string>('day'), param<number>('siteId')),
);

export type VisitCount = { counted: boolean; sumVisits: number; todayVisits: number };

/** The counter's day key (UTC calendar date, YYYY-MM-DD); a string is taken as already a day key. */
export function visitDay(day: Date | string): string {
  return typeof day === 'string' ? day : day.toISOString().slice(0, 10);
}

const prunedBefore = new WeakMap<Db, Map<string, string>>();

/** Deletes a marks table's rows of days before `day`, once per table and day: they can no longer stop a count. */
export async function pruneMarks(db: Db, table: 'article_view_marks' | 'site_visit_marks', day: string): Promise<void> {
  let pruned = prunedBefore.get(db);
  if (!pruned) {
    pruned = new Map();
    prunedBefore.set(db, pruned);
  }
  if (pruned.get(table) === day) return;
  pruned.set(table, day);
  await kysely(db).deleteFrom(table).where('day', '<', day).execute();
}

/** Counts a visitor's visit to a site on a day; another visit the same day is not counted. Answers the totals. */
export async function countSiteVisit(db: Db, siteId: number, visitor: string, day: Date | string): Promise<VisitCount> {
  const key = visitDay(day);
  const counted = await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const mark = await trx
        .insertInto('site_visit_marks')
        .values({ site_id: siteId, day: key, visitor })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .insertInto('visit_counters')
        .values({ site_id: siteId, day: key, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(['site_id', 'day']).doUpdateSet((eb) => ({ count: eb('visit_counters.count', '+', 1) })),
        )
        .execute();
      return true;
    });
  await pruneMarks(db, 'site_visit_marks', key);
  const totals = await totalsQuery(kysely(db), key, siteId).executeTakeFirst();
  return { counted, sumVisits: totals?.sum_visits ?? 0, todayVisits: totals?.today_visits ?? 0 };
}

export async function visitTotals(
  db: Db,
  siteId: number,
  today: Date | string,
): Promise<{ sumVisits: number; todayVisits: number }> {
  const row = await TOTALS.one(db, { day: visitDay(today), siteId });
  return { sumVisits: row ? row.sum_visits : 0, todayVisits: row ? row.today_visits : 0 };
}
