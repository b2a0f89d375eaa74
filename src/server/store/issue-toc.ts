/**
 * The table of contents of one issue, grouped by column. Paging runs across the whole issue, so a
 * 300+ article issue is read one page at a time with one query for the page's articles and one for
 * their authors.
 */
import type { IssueToc } from '../../content/types.ts';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, withAuthors } from './articles.ts';
import type { Db } from './db.ts';
import { getPeriod } from './periods.ts';
import { getPublication } from './publications.ts';
import { all, paging, str } from './sql.ts';

type TocColumn = IssueToc['columns'][number];

/** Articles without a column come last, under an unnamed group. */
export function getIssueToc(db: Db, siteId: number, periodId: number, page: number, size: number): IssueToc | null {
  const period = getPeriod(db, siteId, periodId);
  if (!period) return null;
  const publication = getPublication(db, siteId, period.publicationId);
  if (!publication) return null;
  const paged = paging(page, size);
  const rows = all(
    db,
    `SELECT ${SUMMARY_COLUMNS}, c.name AS column_name, c.en_name AS column_en_name
     FROM ${SUMMARY_FROM} LEFT JOIN columns c ON c.id = a.column_id
     WHERE a.period_id = ? AND a.site_id = ? AND a.status = 'formal'
     ORDER BY CASE WHEN c.id IS NULL THEN 1 ELSE 0 END, c.sort_order, c.id, a.sort_order, a.first_page, a.id
     LIMIT ? OFFSET ?`,
    periodId,
    siteId,
    paged.size,
    paged.offset,
  );
  const summaries = withAuthors(db, rows.map(toSummary));
  const columns: TocColumn[] = [];
  rows.forEach((row, index) => {
    const summary = summaries[index];
    if (!summary) return;
    const columnId = row['column_name'] === null ? null : summary.columnId;
    const last = columns.at(-1);
    if (last && last.id === columnId) last.articles.push(summary);
    else
      columns.push({
        id: columnId,
        name: columnId === null ? '' : str(row, 'column_name'),
        enName: columnId === null ? '' : str(row, 'column_en_name'),
        articles: [summary],
      });
  });
  return { period, publication, columns, page: paged.page, size: paged.size, total: period.articleCount };
}
