import { sql } from 'kysely';
import { loadEveryDomainWord, reindexItems } from '../bulk/search-index-items.ts';
import { optimizeSearchText } from '../bulk/search-text.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';

const ready = new WeakMap<Db, Promise<void>>();

/**
 * True when content exists but the index is empty: a database seeded before migration 004, or one
 * copied into PostgreSQL (npm run migrate-to-postgres copies the documents, not SQLite's own text
 * index, and PostgreSQL's has to be written from the documents).
 */
async function searchIndexMissing(db: Db): Promise<boolean> {
  const q = kysely(db);
  const content = await q.selectFrom('publications').select('id').limit(1).executeTakeFirst();
  if (content === undefined) return false;
  const docs = await q.selectFrom('search_docs').select('id').limit(1).executeTakeFirst();
  const text = await sql<{ one: number }>`SELECT 1 AS one FROM search_text LIMIT 1`.execute(q);
  return docs === undefined || text.rows.length === 0;
}

async function prepare(db: Db): Promise<void> {
  if (!(await searchIndexMissing(db))) return loadEveryDomainWord(kysely(db));
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const sites = await trx.selectFrom('sites').select('id').orderBy('id').execute();
      for (const site of sites) await reindexItems(trx, site.id, 'site');
      await optimizeSearchText(trx);
    });
}

/**
 * Before the first search on a connection: the journals' keywords join the segmenter's
 * dictionary (so queries are cut as the index was), and a database that has content but no index
 * (seeded before migration 004, or copied into PostgreSQL) gets it built in one transaction.
 */
export function ensureSearchReady(db: Db): Promise<void> {
  let done = ready.get(db);
  if (!done) {
    done = prepare(db);
    ready.set(db, done);
    done.catch(() => ready.delete(db));
  }
  return done;
}
