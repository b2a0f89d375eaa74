/**
 * What the publish job (src/server/publish-job.ts) asks each minute: which sites have an article,
 * issue or news item whose publish time fell in a span, and how many removed articles each site
 * has. Each reads one index (publish_at, removed_at), never a site's whole table.
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

/** Sites with something that became visible in (since, until]: the pages listing it are stale. */
export async function sitesPublishedBetween(db: Db, since: string, until: string): Promise<number[]> {
  const k = kysely(db);
  const rows = await k
    .selectFrom('articles')
    .select('site_id')
    .where('publish_at', '>', since)
    .where('publish_at', '<=', until)
    .where('status', '<>', 'draft')
    .union(k.selectFrom('periods').select('site_id').where('publish_at', '>', since).where('publish_at', '<=', until))
    .union(k.selectFrom('news').select('site_id').where('publish_at', '>', since).where('publish_at', '<=', until))
    .execute();
  return [...new Set(rows.map((row) => row.site_id))].sort((a, b) => a - b);
}

/** How many articles of each site were removed for legal reasons (sites with none left out). */
export async function removedCountsBySite(db: Db): Promise<Map<number, number>> {
  const rows = await kysely(db)
    .selectFrom('articles')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('removed_at', 'is not', null)
    .groupBy('site_id')
    .execute();
  return new Map(rows.map((row) => [row.site_id, Number(row.n)]));
}
