/**
 * What the publish job (src/server/publish-job.ts) asks each minute: which articles, issues and
 * news items became visible in a span, and which articles of each site are removed. Each reads one
 * index (publish_at, the partial removed_at index), never a site's whole table.
 */
import type { Kysely } from 'kysely';
import type { ContentChange } from './changes.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

/** The store, or the transaction of the publish job's claimed run (src/server/store/job-runs.ts). */
type Reader = Db | Kysely<Database>;
const readerOf = (q: Reader) => ('selectFrom' in q ? q : kysely(q));

/** What became visible in (since, until], as changes: each item was added to what the public sees. */
export async function publishedBetween(q: Reader, since: string, until: string): Promise<ContentChange[]> {
  const k = readerOf(q);
  const rows = await k
    .selectFrom('articles')
    .select(['site_id', 'id', (eb) => eb.val('article').as('kind')])
    .where('publish_at', '>', since)
    .where('publish_at', '<=', until)
    .where('status', '<>', 'draft')
    .unionAll(
      k
        .selectFrom('periods')
        .select(['site_id', 'id', (eb) => eb.val('issue').as('kind')])
        .where('publish_at', '>', since)
        .where('publish_at', '<=', until),
    )
    .unionAll(
      k
        .selectFrom('news')
        .select(['site_id', 'id', (eb) => eb.val('news').as('kind')])
        .where('publish_at', '>', since)
        .where('publish_at', '<=', until),
    )
    .execute();
  const changes = new Map<string, ContentChange>();
  for (const row of rows) {
    const kind = row.kind === 'issue' ? 'issue' : row.kind === 'news' ? 'news' : 'article';
    const key = `${row.site_id}:${kind}`;
    const change = changes.get(key) ?? { siteId: row.site_id, kind, action: 'added', ids: [] };
    change.ids.push(row.id);
    changes.set(key, change);
  }
  return [...changes.values()].map((change) => ({ ...change, ids: change.ids.sort((a, b) => a - b) }));
}

/** The ids of each site's articles removed for legal reasons (sites with none left out). */
export async function removedArticlesBySite(q: Reader): Promise<Map<number, Set<number>>> {
  const rows = await readerOf(q)
    .selectFrom('articles')
    .select(['site_id', 'id'])
    .where('removed_at', 'is not', null)
    .execute();
  const bySite = new Map<number, Set<number>>();
  for (const row of rows) bySite.set(row.site_id, (bySite.get(row.site_id) ?? new Set()).add(row.id));
  return bySite;
}
