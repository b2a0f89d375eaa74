import { loadEveryDomainWord, reindexItems } from '../bulk/search-index-items.ts';
import { optimizeSearchText } from '../bulk/search-text.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';

const ready = new WeakMap<Db, Promise<void>>();

/** True when content exists but the index is empty (a database seeded before migration 004). */
async function searchIndexMissing(db: Db): Promise<boolean> {
  const q = kysely(db);
  const docs = await q.selectFrom('search_docs').select('id').limit(1).executeTakeFirst();
  const content = await q.selectFrom('publications').select('id').limit(1).executeTakeFirst();
  return docs === undefined && content !== undefined;
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
 * (seeded before migration 004) gets it built in one transaction.
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
