/** Periods (issues) of a publication, with their count of formal articles. */
import type { Period, PeriodYear } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { defaultPublicationId } from './publications.ts';
import { all, int, intOrNull, one, type Row, str } from './sql.ts';
import { kysely } from './kysely.ts';

// The count is a correlated subquery over the (period_id, status) index: one index range per issue.
const PERIOD_SELECT = `SELECT p.id, p.publication_id, p.year, p.volume, p.issue, p.publish_date, p.cover_id,
  (SELECT COUNT(*) FROM articles a WHERE a.period_id = p.id AND a.status = 'formal') AS article_count
  FROM periods p`;

function toPeriod(row: Row): Period {
  return {
    id: int(row, 'id'),
    publicationId: int(row, 'publication_id'),
    year: int(row, 'year'),
    volume: int(row, 'volume'),
    issue: int(row, 'issue'),
    publishDate: str(row, 'publish_date'),
    coverUrl: fileUrl(intOrNull(row, 'cover_id')),
    articleCount: int(row, 'article_count'),
  };
}

export function getPeriod(db: Db, siteId: number, periodId: number): Period | null {
  const row = one(db, `${PERIOD_SELECT} WHERE p.id = ? AND p.site_id = ?`, periodId, siteId);
  return row ? toPeriod(row) : null;
}

export type PeriodTreeOptions = { publicationId?: number | undefined; isBack?: boolean | undefined; periodAsc?: boolean | undefined };

/**
 * Issues grouped by year: newest year and issue first, or oldest first with periodAsc. isBack
 * leaves out the current (latest) issue, as rc-pub's back-issue tree does.
 */
export function getPeriodTree(db: Db, siteId: number, options: PeriodTreeOptions = {}): PeriodYear[] {
  const publicationId = options.publicationId ?? defaultPublicationId(db, siteId);
  if (publicationId === null) return [];
  const order = options.periodAsc ? 'ASC' : 'DESC';
  const rows = all(
    db,
    `${PERIOD_SELECT} WHERE p.site_id = ? AND p.publication_id = ? ORDER BY p.year ${order}, p.issue ${order}`,
    siteId,
    publicationId,
  );
  let periods = rows.map(toPeriod);
  if (options.isBack && periods.length > 0) {
    const latest = periods.reduce((a, b) => (b.year > a.year || (b.year === a.year && b.issue > a.issue) ? b : a));
    periods = periods.filter((period) => period.id !== latest.id);
  }
  const years: PeriodYear[] = [];
  for (const period of periods) {
    const last = years.at(-1);
    if (last && last.year === period.year) last.periods.push(period);
    else years.push({ year: period.year, periods: [period] });
  }
  return years;
}

/** The two newest issues of a publication of this site. */
export function getFirstTwoPeriods(db: Db, siteId: number, publicationId: number): Period[] {
  return all(
    db,
    `${PERIOD_SELECT} WHERE p.site_id = ? AND p.publication_id = ? ORDER BY p.year DESC, p.issue DESC LIMIT 2`,
    siteId,
    publicationId,
  ).map(toPeriod);
}

export function findPeriod(db: Db, siteId: number, year: number, issue: number, publicationId?: number): Period | null {
  const publication = publicationId ?? defaultPublicationId(db, siteId);
  if (publication === null) return null;
  const row = one(
    db,
    `${PERIOD_SELECT} WHERE p.site_id = ? AND p.publication_id = ? AND p.year = ? AND p.issue = ?`,
    siteId,
    publication,
    year,
    issue,
  );
  return row ? toPeriod(row) : null;
}

/** Year and issue of a period of this site, or null. */
export async function periodYearIssue(db: Db, siteId: number, periodId: number): Promise<{ year: number; issue: number } | null> {
  const row = await kysely(db).selectFrom('periods').select(['year', 'issue']).where('id', '=', periodId).where('site_id', '=', siteId).executeTakeFirst();
  return row ?? null;
}
