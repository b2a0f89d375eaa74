/** The console's view of a site's issues, scheduled ones included: what an editor corrects (year, volume, number, dates). */
import type { ConsoleIssue } from '../../lib/console-answers.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const LISTED_MAX = 200;

function selectIssues(db: Db, siteId: number) {
  return kysely(db)
    .selectFrom('periods as p')
    .innerJoin('publications as j', 'j.id', 'p.publication_id')
    .select([
      'p.id',
      'j.issn',
      'j.name',
      'j.en_name',
      'p.year',
      'p.volume',
      'p.issue',
      'p.publish_date',
      'p.publish_at',
    ])
    .where('p.site_id', '=', siteId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectIssues>['executeTakeFirstOrThrow']>>;

const issueOf = (row: Row): ConsoleIssue => ({
  id: row.id,
  issn: row.issn,
  journal: row.name,
  enJournal: row.en_name,
  year: row.year,
  volume: row.volume,
  issue: row.issue,
  publishDate: row.publish_date,
  publishAt: row.publish_at,
});

/** The site's issues, newest first. */
export async function listConsoleIssues(db: Db, siteId: number): Promise<ConsoleIssue[]> {
  const rows = await selectIssues(db, siteId)
    .orderBy('p.year', 'desc')
    .orderBy('p.issue', 'desc')
    .orderBy('p.id', 'desc')
    .limit(LISTED_MAX)
    .execute();
  return rows.map(issueOf);
}

/** One issue of the site, or null. */
export async function consoleIssue(db: Db, siteId: number, id: number): Promise<ConsoleIssue | null> {
  const row = await selectIssues(db, siteId).where('p.id', '=', id).executeTakeFirst();
  return row ? issueOf(row) : null;
}
