import { createRcPubSource } from '../../content/rcpub-source.ts';
import type { ContentSource } from '../../content/source.ts';
import { createLocalSource } from '../local-source.ts';
import { type Db, openDb } from '../store/db.ts';

/** Opens the store and the content source pages read: upstream rc-pub when configured, else the store. */
export function openContent(options: { databasePath: string; rcPubOrigin: string | undefined }): {
  db: Db;
  source: ContentSource;
} {
  const db = openDb(options.databasePath);
  const source = options.rcPubOrigin ? createRcPubSource(options.rcPubOrigin) : createLocalSource(db);
  return { db, source };
}
