/** The console's view of a site's news items, scheduled and unpublished ones included: the editor manages them. */
import type { ConsoleNews } from '../../lib/console-answers.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const LISTED_MAX = 50;

function selectNews(db: Db, siteId: number) {
  return kysely(db)
    .selectFrom('news')
    .select(['id', 'import_key', 'type', 'title', 'en_title', 'content', 'en_content', 'publish_at', 'draft'])
    .where('site_id', '=', siteId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectNews>['executeTakeFirstOrThrow']>>;

const newsOf = (row: Row): ConsoleNews => ({
  id: row.id,
  key: row.import_key,
  type: row.type,
  title: row.title,
  enTitle: row.en_title,
  content: row.content,
  enContent: row.en_content,
  publishAt: row.publish_at,
  draft: row.draft === 1,
});

/** The site's latest news items, newest first. */
export async function listConsoleNews(db: Db, siteId: number): Promise<ConsoleNews[]> {
  const rows = await selectNews(db, siteId).orderBy('id', 'desc').limit(LISTED_MAX).execute();
  return rows.map(newsOf);
}

/** One news item of the site, or null. */
export async function consoleNewsItem(db: Db, siteId: number, id: number): Promise<ConsoleNews | null> {
  const row = await selectNews(db, siteId).where('id', '=', id).executeTakeFirst();
  return row ? newsOf(row) : null;
}

/** The item the console created under this key. */
export async function consoleNewsByKey(db: Db, siteId: number, key: string): Promise<ConsoleNews | null> {
  const row = await selectNews(db, siteId).where('import_key', '=', key).executeTakeFirst();
  return row ? newsOf(row) : null;
}
