/**
 * Rankings by views and downloads read per-period rollups (article_period_counts) instead of
 * summing the daily rows on every render. A count write adds to each period's row of its article
 * in the count's own transaction. The windows move with the day: moving a site's rollups to a new
 * day takes off the daily rows that left each window (a day's rows, not the site's history); a
 * site without rollups yet, or asked for an earlier day, is recomputed whole. The daily job
 * (src/server/count-rollup-job.ts) moves every site just after midnight; a ranking read of a day
 * the job has not reached yet moves its site first, so a ranking is exact for its day.
 */
import type { Transaction } from 'kysely';
import { type RankingPeriod, rankingFromDay, rankingPeriods } from '../../lib/ranking.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

type Writer = Pick<Transaction<Database>, 'insertInto'>;
export type CountedArticle = { articleId: number; siteId: number };

/** Adds one view or download to every period's rollup row of the article (inside the count's transaction). */
export async function addToRollups(trx: Writer, article: CountedArticle, column: 'views' | 'downloads'): Promise<void> {
  await trx
    .insertInto('article_period_counts')
    .values(
      rankingPeriods.map((period) => ({ article_id: article.articleId, period, site_id: article.siteId, [column]: 1 })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['article_id', 'period'])
        .doUpdateSet((eb) => ({ [column]: eb(`article_period_counts.${column}`, '+', 1) })),
    )
    .execute();
}

const dayDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Moves the site's rollups to `day` (see above). Returns whether anything changed. */
export async function refreshRollups(db: Db, siteId: number, day: string): Promise<boolean> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      // a write first: two processes moving the same site take turns instead of one failing
      await trx
        .updateTable('article_period_count_days')
        .set((eb) => ({ day: eb.ref('day') }))
        .where('site_id', '=', siteId)
        .execute();
      const current = await trx
        .selectFrom('article_period_count_days')
        .select('day')
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      if (current?.day === day) return false;
      if (current && current.day < day) {
        for (const period of rankingPeriods)
          await takeOffLeftDays(
            trx,
            siteId,
            period,
            rankingFromDay(period, dayDate(current.day)),
            rankingFromDay(period, dayDate(day)),
          );
      } else {
        await trx.deleteFrom('article_period_counts').where('site_id', '=', siteId).execute();
        for (const period of rankingPeriods)
          await insertPeriod(trx, siteId, period, rankingFromDay(period, dayDate(day)));
      }
      await trx
        .insertInto('article_period_count_days')
        .values({ site_id: siteId, day })
        .onConflict((conflict) => conflict.column('site_id').doUpdateSet({ day }))
        .execute();
      return true;
    });
}

/** Takes the daily rows of [from, to) off the period's rows: they left its window. */
async function takeOffLeftDays(
  trx: Transaction<Database>,
  siteId: number,
  period: RankingPeriod,
  from: string | null,
  to: string | null,
): Promise<void> {
  if (from === null || to === null || from >= to) return;
  await trx
    .updateTable('article_period_counts')
    .set((eb) => {
      const left = (column: 'views' | 'downloads') =>
        eb
          .selectFrom('article_daily_counts as d')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>(`d.${column}`), inner.lit(0)).as('n'))
          .whereRef('d.article_id', '=', 'article_period_counts.article_id')
          .where('d.day', '>=', from)
          .where('d.day', '<', to);
      return { views: eb('views', '-', left('views')), downloads: eb('downloads', '-', left('downloads')) };
    })
    .where('period', '=', period)
    .where(
      'article_id',
      'in',
      trx
        .selectFrom('article_daily_counts')
        .select('article_id')
        .where('site_id', '=', siteId)
        .where('day', '>=', from)
        .where('day', '<', to),
    )
    .execute();
}

async function insertPeriod(
  trx: Transaction<Database>,
  siteId: number,
  period: RankingPeriod,
  fromDay: string | null,
): Promise<void> {
  let sums = trx
    .selectFrom('article_daily_counts as d')
    .select((eb) => [
      'd.article_id',
      eb.val(period).as('period'),
      'd.site_id',
      eb.fn.sum<number>('d.views').as('views'),
      eb.fn.sum<number>('d.downloads').as('downloads'),
    ])
    .where('d.site_id', '=', siteId);
  if (fromDay !== null) sums = sums.where('d.day', '>=', fromDay);
  await trx
    .insertInto('article_period_counts')
    .columns(['article_id', 'period', 'site_id', 'views', 'downloads'])
    .expression(
      sums
        .groupBy(['d.article_id', 'd.site_id'])
        .having((eb) => eb(eb.fn.sum('d.views'), '+', eb.fn.sum('d.downloads')), '>', 0),
    )
    .execute();
}

/** Moves every site's rollups to `day`; returns how many sites changed. */
export async function refreshAllRollups(db: Db, day: string): Promise<number> {
  const sites = await kysely(db).selectFrom('sites').select('id').orderBy('id').execute();
  let refreshed = 0;
  for (const site of sites) if (await refreshRollups(db, site.id, day)) refreshed++;
  return refreshed;
}

export type RollupRankQuery = {
  siteId: number;
  publicationId?: number | undefined;
  by: 'read' | 'download';
  period: RankingPeriod;
  limit: number;
};

/**
 * Article ids of a site (or one of its journals) with their views or downloads over the period,
 * highest first (ties: lower id first), drafts and articles with nothing counted left out. Walks
 * the site's rollup index in order and stops at the limit (for one journal, past the others').
 */
export async function rankFromRollups(
  db: Db,
  query: RollupRankQuery,
  day: string,
): Promise<{ articleId: number; count: number }[]> {
  const current = await kysely(db)
    .selectFrom('article_period_count_days')
    .select('day')
    .where('site_id', '=', query.siteId)
    .executeTakeFirst();
  if (current?.day !== day) await refreshRollups(db, query.siteId, day);
  const column = query.by === 'read' ? 'r.views' : 'r.downloads';
  let ranked = kysely(db)
    .selectFrom('article_period_counts as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .select(['r.article_id as articleId', `${column} as count`])
    .where('r.site_id', '=', query.siteId)
    .where('r.period', '=', query.period)
    .where(column, '>', 0)
    .where(visibleArticle('a', visibilityNow()));
  if (query.publicationId !== undefined) ranked = ranked.where('a.publication_id', '=', query.publicationId);
  const rows = await ranked.orderBy(column, 'desc').orderBy('r.article_id').limit(query.limit).execute();
  return rows.map((row) => ({ articleId: row.articleId, count: Number(row.count) }));
}
