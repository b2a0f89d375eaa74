/** Periods (issues) of a publication, with their count of formal articles. */

import type { InferResult, Kysely } from 'kysely';
import type { Period, PeriodYear } from '../../content/types.ts';
import { issueYearWindow } from '../../lib/issue-browser.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';
import { defaultPublicationId } from './publications.ts';
import type { Database } from './schema.ts';
import { publishedBy, visibilityNow, visibleArticle } from './visibility.ts';

// The count is a correlated subquery over the (period_id, status) index: one index range per issue.
// Only issues and articles the public can see now (src/server/store/visibility.ts) are read.
const periodSelect = (q: Kysely<Database>) =>
  q
    .selectFrom('periods as p')
    .where(publishedBy('p', param<string>('now')))
    .select(['p.id', 'p.publication_id', 'p.year', 'p.volume', 'p.issue', 'p.publish_date', 'p.cover_id'])
    .select((eb) =>
      eb
        .selectFrom('articles as a')
        .select(eb.fn.countAll().as('n'))
        .whereRef('a.period_id', '=', 'p.id')
        .where('a.status', '=', 'formal')
        .where(visibleArticle('a', param<string>('now')))
        .as('article_count'),
    );

const BY_ID = compiledQuery<{ id: number; siteId: number; now: string }>()((q) =>
  periodSelect(q).where('p.id', '=', param<number>('id')).where('p.site_id', '=', param<number>('siteId')),
);
const OF_PUBLICATION = (direction: 'asc' | 'desc') =>
  compiledQuery<{ siteId: number; publicationId: number; now: string }>()((q) =>
    periodSelect(q)
      .where('p.site_id', '=', param<number>('siteId'))
      .where('p.publication_id', '=', param<number>('publicationId'))
      .orderBy('p.year', direction)
      .orderBy('p.issue', direction),
  );
const NEWEST_FIRST = OF_PUBLICATION('desc');
const YEARS = compiledQuery<{ siteId: number; publicationId: number; now: string }>()((q) =>
  q
    .selectFrom('periods as p')
    .where(publishedBy('p', param<string>('now')))
    .where('p.site_id', '=', param<number>('siteId'))
    .where('p.publication_id', '=', param<number>('publicationId'))
    .select('p.year')
    .distinct()
    .orderBy('p.year', 'desc'),
);
const NEWEST_FIRST_IN_YEARS = compiledQuery<{
  siteId: number;
  publicationId: number;
  from: number;
  to: number;
  now: string;
}>()((q) =>
  periodSelect(q)
    .where('p.site_id', '=', param<number>('siteId'))
    .where('p.publication_id', '=', param<number>('publicationId'))
    .where('p.year', '>=', param<number>('from'))
    .where('p.year', '<=', param<number>('to'))
    .orderBy('p.year', 'desc')
    .orderBy('p.issue', 'desc'),
);
const OLDEST_FIRST = OF_PUBLICATION('asc');
const FIRST_TWO = compiledQuery<{ siteId: number; publicationId: number; now: string }>()((q) =>
  periodSelect(q)
    .where('p.site_id', '=', param<number>('siteId'))
    .where('p.publication_id', '=', param<number>('publicationId'))
    .orderBy('p.year', 'desc')
    .orderBy('p.issue', 'desc')
    .limit(2),
);
const BY_NUMBER = compiledQuery<{ siteId: number; publicationId: number; year: number; issue: number; now: string }>()(
  (q) =>
    periodSelect(q)
      .where('p.site_id', '=', param<number>('siteId'))
      .where('p.publication_id', '=', param<number>('publicationId'))
      .where('p.year', '=', param<number>('year'))
      .where('p.issue', '=', param<number>('issue')),
);

type PeriodRow = InferResult<ReturnType<typeof periodSelect>>[number];

function toPeriod(row: PeriodRow): Period {
  return {
    id: row.id,
    publicationId: row.publication_id,
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    publishDate: row.publish_date,
    coverUrl: fileUrl(row.cover_id),
    // countAll is typed string | number | bigint (engines differ); a subquery's value may be null
    articleCount: Number(row.article_count ?? 0),
  };
}

export async function getPeriod(
  db: Db,
  siteId: number,
  periodId: number,
  now: string = visibilityNow(),
): Promise<Period | null> {
  const row = await BY_ID.one(db, { id: periodId, siteId, now });
  return row ? toPeriod(row) : null;
}

export type PeriodTreeOptions = {
  publicationId?: number | undefined;
  isBack?: boolean | undefined;
  periodAsc?: boolean | undefined;
  /** only the issues of the years a table of contents of this year lists (issueYearWindow); the other years without their issues */
  aroundYear?: number | undefined;
};

/**
 * Issues grouped by year: newest year and issue first, or oldest first with periodAsc. isBack
 * leaves out the current (latest) issue, as rc-pub's back-issue tree does.
 */
export async function getPeriodTree(db: Db, siteId: number, options: PeriodTreeOptions = {}): Promise<PeriodYear[]> {
  const publicationId = options.publicationId ?? (await defaultPublicationId(db, siteId));
  if (publicationId === null) return [];
  if (options.aroundYear !== undefined) return periodTreeAround(db, siteId, publicationId, options.aroundYear);
  const rows = await (options.periodAsc ? OLDEST_FIRST : NEWEST_FIRST).all(db, {
    siteId,
    publicationId,
    now: visibilityNow(),
  });
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

/** Every year newest first, with its issues (newest first) only in the window around `year`: two index reads whatever the archive's size. */
async function periodTreeAround(db: Db, siteId: number, publicationId: number, year: number): Promise<PeriodYear[]> {
  const now = visibilityNow();
  const years = (await YEARS.all(db, { siteId, publicationId, now })).map((row) => row.year);
  const { from, to } = issueYearWindow(years, year);
  const tree = new Map<number, PeriodYear>(years.map((each) => [each, { year: each, periods: [] }]));
  for (const row of await NEWEST_FIRST_IN_YEARS.all(db, { siteId, publicationId, from, to, now })) {
    tree.get(row.year)?.periods.push(toPeriod(row));
  }
  return [...tree.values()];
}

/** The two newest issues of a publication of this site. */
export async function getFirstTwoPeriods(db: Db, siteId: number, publicationId: number): Promise<Period[]> {
  return (await FIRST_TWO.all(db, { siteId, publicationId, now: visibilityNow() })).map(toPeriod);
}

export async function findPeriod(
  db: Db,
  siteId: number,
  year: number,
  issue: number,
  publicationId?: number,
): Promise<Period | null> {
  const publication = publicationId ?? (await defaultPublicationId(db, siteId));
  if (publication === null) return null;
  const row = await BY_NUMBER.one(db, { siteId, publicationId: publication, year, issue, now: visibilityNow() });
  return row ? toPeriod(row) : null;
}

/** Year and issue of a period of this site, or null. */
export async function periodYearIssue(
  db: Db,
  siteId: number,
  periodId: number,
): Promise<{ year: number; issue: number } | null> {
  const row = await kysely(db)
    .selectFrom('periods as p')
    .select(['p.year', 'p.issue'])
    .where('p.id', '=', periodId)
    .where('p.site_id', '=', siteId)
    .where(publishedBy('p', visibilityNow()))
    .executeTakeFirst();
  return row ?? null;
}
