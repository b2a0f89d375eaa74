/**
 * The table of contents of one issue, grouped by column. Paging runs across the whole issue, so a
 * 300+ article issue is read one page at a time with one query for the page's articles and one for
 * their authors.
 */
import type { IssueToc } from '../../content/types.ts';
import { SUMMARY_COLUMNS, summaryFrom, toSummary, withAuthors } from './articles.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { getPeriod } from './periods.ts';
import { getPublication } from './publications.ts';
import { paging } from './sql.ts';
import { corrections } from './versions.ts';
import { previewNow, visibilityNow, visibleArticle } from './visibility.ts';

/** A page of the issue's formal articles, column by column (articles without a column last). */
const TOC_PAGE = compiledQuery<{ periodId: number; siteId: number; limit: number; offset: number; now: string }>()(
  (q) =>
    summaryFrom(q)
      .leftJoin('columns as c', 'c.id', 'a.column_id')
      .select(SUMMARY_COLUMNS)
      .select(['c.name as column_name', 'c.en_name as column_en_name'])
      .where('a.period_id', '=', param<number>('periodId'))
      .where('a.site_id', '=', param<number>('siteId'))
      .where('a.status', '=', 'formal')
      .where(visibleArticle('a', param<string>('now')))
      .orderBy((eb) => eb.case().when('c.id', 'is', null).then(1).else(0).end())
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .orderBy('a.sort_order')
      .orderBy('a.first_page')
      .orderBy('a.id')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
);

type TocColumn = IssueToc['columns'][number];

/** Articles without a column come last, under an unnamed group. */
export async function getIssueToc(
  db: Db,
  siteId: number,
  periodId: number,
  page: number,
  size: number,
  now: string = visibilityNow(),
): Promise<IssueToc | null> {
  const period = await getPeriod(db, siteId, periodId, now);
  if (!period) return null;
  const publication = await getPublication(db, siteId, period.publicationId);
  if (!publication) return null;
  const paged = paging(page, size);
  const rows = await TOC_PAGE.all(db, { periodId, siteId, limit: paged.size, offset: paged.offset, now });
  const summaries = await withAuthors(db, rows.map(toSummary));
  const columns: TocColumn[] = [];
  rows.forEach((row, index) => {
    const summary = summaries[index];
    if (!summary) return;
    const columnId = row.column_name === null ? null : summary.columnId;
    const last = columns.at(-1);
    if (last && last.id === columnId) last.articles.push(summary);
    else
      columns.push({
        id: columnId,
        name: row.column_name ?? '',
        enName: row.column_en_name ?? '',
        articles: [summary],
      });
  });
  return {
    period,
    publication,
    columns,
    page: paged.page,
    size: paged.size,
    total: period.articleCount,
    corrections: await corrections(db, 'period', period.id),
  };
}

/** An issue's table of contents as its preview link shows it: a scheduled issue too, as the public will see it at its publish time. */
export async function getIssueTocPreview(
  db: Db,
  siteId: number,
  periodId: number,
  page: number,
  size: number,
): Promise<IssueToc | null> {
  const row = await kysely(db)
    .selectFrom('periods')
    .select('publish_at')
    .where('id', '=', periodId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ? getIssueToc(db, siteId, periodId, page, size, previewNow(row.publish_at)) : null;
}
