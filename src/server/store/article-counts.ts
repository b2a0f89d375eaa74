/**
 * Views and downloads of articles per day (UTC). A view counts once per visitor, article and day
 * (article_view_marks remembers who was counted); the running totals on `articles` move with the
 * daily rows in the same transaction.
 */
import type { RankingOptions } from '../../content/source.ts';
import type { RankedArticle } from '../../content/types.ts';
import { fillMonths, lastMonths, type MonthCounts } from '../../lib/article-statistics.ts';
import { rankingFromDay } from '../../lib/ranking.ts';
import { articleSummariesByIds } from './articles.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { pruneMarks, visitDay } from './visits.ts';

export type ViewCount = { counted: boolean; views: number };

/** Counts a visitor's view of an article on a day; a second view the same day is not counted. */
export async function countArticleView(db: Db, siteId: number, articleId: number, visitor: string, day: Date | string): Promise<ViewCount | null> {
  const key = visitDay(day);
  const result = await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const article = await trx.selectFrom('articles').select(['id', 'views']).where('id', '=', articleId).where('site_id', '=', siteId).executeTakeFirst();
      if (!article) return null;
      const mark = await trx
        .insertInto('article_view_marks')
        .values({ article_id: articleId, day: key, visitor })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return { counted: false, views: article.views };
      await addToDay(trx, siteId, articleId, key, 'views');
      await addToTotals(trx, articleId, 'views');
      return { counted: true, views: article.views + 1 };
    });
  await pruneMarks(db, 'article_view_marks', key);
  return result;
}

/** Counts one download of an article (its total and its day). */
export async function countArticleDownload(db: Db, siteId: number, articleId: number, day: Date | string): Promise<void> {
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const article = await trx.selectFrom('articles').select('id').where('id', '=', articleId).where('site_id', '=', siteId).executeTakeFirst();
      if (!article) return;
      await addToDay(trx, siteId, articleId, visitDay(day), 'downloads');
      await addToTotals(trx, articleId, 'downloads');
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

async function addToDay(trx: Writer, siteId: number, articleId: number, day: string, column: 'views' | 'downloads'): Promise<void> {
  await trx
    .insertInto('article_daily_counts')
    .values({ article_id: articleId, site_id: siteId, day, [column]: 1 })
    .onConflict((conflict) => conflict.columns(['article_id', 'day']).doUpdateSet((eb) => ({ [column]: eb(`article_daily_counts.${column}`, '+', 1) })))
    .execute();
}

/** Views and downloads of the last 12 months (this one last), zero where nothing was counted. */
export async function articleStatistics(db: Db, siteId: number, articleId: number, now: Date): Promise<MonthCounts[]> {
  const months = lastMonths(now);
  return fillMonths(months, await monthlyCounts(db, siteId, articleId, `${months[0]}-01`));
}

/** Views and downloads per month (YYYY-MM) since `fromDay`, months without counts left out. */
async function monthlyCounts(db: Db, siteId: number, articleId: number, fromDay: string): Promise<MonthCounts[]> {
  const rows = await kysely(db)
    .selectFrom('article_daily_counts')
    .select((eb) => [
      eb.fn<string>('substr', ['day', eb.val(1), eb.val(7)]).as('month'),
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('downloads').as('downloads'),
    ])
    .where('article_id', '=', articleId)
    .where('site_id', '=', siteId)
    .where('day', '>=', fromDay)
    .groupBy('month')
    .orderBy('month')
    .execute();
  return rows.map((row) => ({ month: String(row.month), views: Number(row.views), downloads: Number(row.downloads) }));
}

type RankQuery = {
  siteId: number;
  publicationId?: number | undefined;
  by: 'read' | 'download' | 'cite';
  /** first day counted; null counts every day */
  fromDay: string | null;
  limit: number;
};

/**
 * Article ids of a site (or one of its journals) with their count, highest first (ties: newer id
 * last): views or downloads summed over the period's days, or citations of the articles published
 * in the period. Articles with nothing counted are left out.
 */
async function rankArticles(db: Db, query: RankQuery): Promise<{ articleId: number; count: number }[]> {
  const q = kysely(db);
  if (query.by === 'cite') {
    let cited = q
      .selectFrom('articles')
      .select(['id as articleId', 'citations as count'])
      .where('site_id', '=', query.siteId)
      .where('status', '=', 'formal')
      .where('citations', '>', 0);
    if (query.publicationId !== undefined) cited = cited.where('publication_id', '=', query.publicationId);
    if (query.fromDay !== null) cited = cited.where('published_date', '>=', query.fromDay);
    return cited.orderBy('citations', 'desc').orderBy('id').limit(query.limit).execute();
  }
  const column = query.by === 'read' ? 'd.views' : 'd.downloads';
  let counted = q
    .selectFrom('article_daily_counts as d')
    .innerJoin('articles as a', 'a.id', 'd.article_id')
    .select((eb) => ['d.article_id as articleId', eb.fn.sum<number>(column).as('count')])
    .where('d.site_id', '=', query.siteId)
    .where('a.status', '<>', 'draft');
  if (query.publicationId !== undefined) counted = counted.where('a.publication_id', '=', query.publicationId);
  if (query.fromDay !== null) counted = counted.where('d.day', '>=', query.fromDay);
  const rows = await counted
    .groupBy('d.article_id')
    .having((eb) => eb.fn.sum(column), '>', 0)
    .orderBy('count', 'desc')
    .orderBy('d.article_id')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({ articleId: row.articleId, count: Number(row.count) }));
}

/** A ranking with the articles' summaries, for pages and the API. */
export async function rankedArticles(db: Db, siteId: number, options: RankingOptions, now: Date): Promise<RankedArticle[]> {
  const ranked = await rankArticles(db, { siteId, publicationId: options.publicationId, by: options.by, fromDay: rankingFromDay(options.period, now), limit: options.size });
  const summaries = new Map(articleSummariesByIds(db, siteId, ranked.map((row) => row.articleId)).map((summary) => [summary.id, summary]));
  return ranked.flatMap((row) => {
    const article = summaries.get(row.articleId);
    return article ? [{ count: row.count, article }] : [];
  });
}
