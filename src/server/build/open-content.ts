import { createRcPubSource } from '../../content/rcpub-source.ts';
import type { ContentSource } from '../../content/source.ts';
import { createLocalSource } from '../local-source.ts';
import type { Db } from '../store/db.ts';
import { openStore } from '../store/open-store.ts';

/**
 * Opens the store (PostgreSQL when DATABASE_URL names one, else the SQLite file) and the content
 * source pages read: upstream rc-pub when configured, else the store.
 */
export async function openContent(options: { databasePath: string; rcPubOrigin: string | undefined }): Promise<{
  db: Db;
  source: ContentSource;
}> {
  const db = await openStore(options.databasePath);
  const source = options.rcPubOrigin ? createRcPubSource(options.rcPubOrigin) : createLocalSource(db);
  return { db, source };
}
