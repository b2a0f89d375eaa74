import { addDomainWords } from '../../search/segmenter.ts';
import { domainKeywordsNow, reindexSitesNow, searchIndexMissingNow } from '../bulk/search-index.ts';
import type { Db } from '../db.ts';
import { transaction } from '../db.ts';

const ready = new WeakSet<Db>();

/**
 * Before the first search on a connection: the journals' keywords join the segmenter's
 * dictionary (so queries are cut as the index was), and a database that has content but no index
 * (seeded before migration 004) gets it built in one transaction.
 */
export function ensureSearchReady(db: Db): void {
  if (ready.has(db)) return;
  ready.add(db);
  if (searchIndexMissingNow(db)) transaction(db, () => reindexSitesNow(db));
  else addDomainWords(domainKeywordsNow(db));
}
