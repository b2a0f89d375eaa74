/**
 * Views and downloads of articles per day (UTC). A view counts once per visitor, article and day
 * (article_view_marks remembers who was counted); the running totals on `articles` move with the
 * daily rows in the same transaction.
 */
import { sql } from 'kysely';
import type { RankingOptions } from '../../content/source.ts';
import type { RankedArticle } from '../../content/types.ts';
import { fillMonths, lastMonths, type MonthCounts } from '../../lib/article-statistics.ts';
import { rankingFromDay } from '../../lib/ranking.ts';
import { articleSummariesByIds } from './articles.ts';
import { compiledQuery, param } from './compiled.ts';
import { addToRollups, rankFromRollups } from './count-rollups.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';
import { pruneMarks, visitDay } from './visits.ts';

export type ViewCount = { counted: boolean; views: number };

/** Counts a visitor's view of an article on a day; a second view the same day is not counted. */
export async function countArticleView(
  db: Db,
  siteId: number,
  articleId: number,
  visitor: string,
  day: Date | string,
): Promise<ViewCount | null> {
  const key = visitDay(day);
  const result = await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const article = await trx
        .selectFrom('articles')
        .select(['id', 'views'])
        .where('id', '=', articleId)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      if (!article) return null;
      const mark = await trx
        .insertInto('article_view_marks')
        .values({ article_id: articleId, day: key, visitor })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return { counted: false, views: article.views };
      await addToDay(trx, siteId, articleId, key, 'views');
      await addToTotals(trx, articleId, 'views');
      await addToRollups(trx, { articleId, siteId }, 'views');
      return { counted: true, views: article.views + 1 };
    });
  await pruneMarks(db, 'article_view_marks', key);
  return result;
}

/** Counts one download of an article (its total and its day). */
export async function countArticleDownload(
  db: Db,
  siteId: number,
  articleId: number,
  day: Date | string,
): Promise<void> {
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const article = await trx
        .selectFrom('articles')
        .select('id')
        .where('id', '=', articleId)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      if (!article) return;
      await addToDay(trx, siteId, articleId, visitDay(day), 'downloads');
      await addToTotals(trx, articleId, 'downloads');
      await addToRollups(trx, { articleId, siteId }, 'downloads');
    });
}

type Writer = Pick<ReturnType<typeof kysely>, 'insertInto' | 'updateTable'>;

/** The article's running total, and its search row's copy that results sort by, in the same transaction. */
async function addToTotals(trx: Writer, articleId: number, column: 'views' | 'downloads'): Promise<void> {
  await trx
    .updateTable('articles')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', articleId)
    .execute();
  await trx
    .updateTable('search_docs')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('kind', '=', 'article')
    .where('ref_id', '=', articleId)
    .execute();
}

async function addToDay(
  trx: Writer,
  siteId: number,
  articleId: number,
  day: string,
  column: 'views' | 'downloads',
): Promise<void> {
  await trx
    .insertInto('article_daily_counts')
    .values({ article_id: articleId, site_id: siteId, day, [column]: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['article_id', 'day'])
        .doUpdateSet((eb) => ({ [column]: eb(`article_daily_counts.${column}`, '+', 1) })),
    )
    .execute();
}

/** Views and downloads of the last 12 months (this one last), zero where nothing was counted. */
export async function articleStatistics(db: Db, _siteId: number, articleId: number, now: Date): Promise<MonthCounts[]> {
  const months = lastMonths(now);
  return fillMonths(months, await monthlyCounts(db, articleId, `${months[0]}-01`));
}

/**
 * Views and downloads per month (YYYY-MM) since `fromDay`, months without counts left out. Read
 * by the article's own key (article_id, day) only: with the site in the filter too, a planner
 * without statistics may walk the site's (site_id, day) index, every day of the whole site.
 * Callers have checked that the article is the site's.
 */
const MONTHLY_COUNTS = compiledQuery<{ articleId: number; fromDay: string }>()((q) =>
  q
    .selectFrom('article_daily_counts')
    .select((eb) => [
      eb.fn<string>('substr', ['day', eb.val(1), eb.val(7)]).as('month'),
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('downloads').as('downloads'),
    ])
    .where('article_id', '=', param<number>('articleId'))
    .where('day', '>=', param<string>('fromDay'))
    .groupBy('month')
    .orderBy('month'),
);

async function monthlyCounts(db: Db, articleId: number, fromDay: string): Promise<MonthCounts[]> {
  return (await MONTHLY_COUNTS.all(db, { articleId, fromDay })).map((row) => ({
    month: String(row.month),
    views: Number(row.views),
    downloads: Number(row.downloads),
  }));
}

/**
 * The citations an article shows: the import's number when it gave one, else the portal's own
 * citing articles (the cited_by rollup, src/server/store/bulk/cited-by.ts). Written exactly as
 * the index articles_cite_rank (migration 100) is, so a ranking walks it.
 */
const CITATIONS = sql<number>`case when citations > 0 then citations else cited_by end`;

/**
 * Article ids of a site (or one of its journals) with their count, highest first (ties: lower id
 * first): views or downloads over the period from the rollups (src/server/store/count-rollups.ts),
 * or citations (CITATIONS) of the articles published in the period. Articles with nothing counted are left out.
 */
async function rankArticles(
  db: Db,
  siteId: number,
  options: RankingOptions,
  now: Date,
): Promise<{ articleId: number; count: number }[]> {
  if (options.by !== 'cite')
    return rankFromRollups(
      db,
      { siteId, publicationId: options.publicationId, by: options.by, period: options.period, limit: options.size },
      visitDay(now),
    );
  const fromDay = rankingFromDay(options.period, now);
  let cited = kysely(db)
    .selectFrom('articles')
    .select(['id as articleId', CITATIONS.as('count')])
    .where('site_id', '=', siteId)
    .where('status', '=', 'formal')
    .where(visibleArticle('articles', visibilityNow(now)))
    .where(CITATIONS, '>', 0);
  if (options.publicationId !== undefined) cited = cited.where('publication_id', '=', options.publicationId);
  // bounded on both sides (the upper bound excludes nothing): a planner then reads the period's
  // articles by date rather than every article of the site by citations
  if (fromDay !== null)
    cited = cited.where('published_date', '>=', fromDay).where('published_date', '<=', '9999-12-31');
  return cited.orderBy(CITATIONS, 'desc').orderBy('id').limit(options.size).execute();
}

/** A ranking with the articles' summaries, for pages and the API. */
export async function rankedArticles(
  db: Db,
  siteId: number,
  options: RankingOptions,
  now: Date,
): Promise<RankedArticle[]> {
  const ranked = await rankArticles(db, siteId, options, now);
  const summaries = new Map(
    (
      await articleSummariesByIds(
        db,
        siteId,
        ranked.map((row) => row.articleId),
      )
    ).map((summary) => [summary.id, summary]),
  );
  return ranked.flatMap((row) => {
    const article = summaries.get(row.articleId);
    return article ? [{ count: row.count, article }] : [];
  });
}
