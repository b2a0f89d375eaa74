/**
 * A store handle whose reads see a transaction's uncommitted writes: the page-render reads take a
 * handle, and on PostgreSQL the store's handle reads through its pool, outside the transaction.
 * SQLite's transaction is the connection's own, so its handle already reads inside it.
 */
import type { Kysely } from 'kysely';
import type { Db } from './db.ts';
import { PostgresStore } from './postgres.ts';
import type { Database } from './schema.ts';

export function storeWithin(db: Db, trx: Kysely<Database>): Db {
  return db.engine === 'postgres' ? new PostgresStore(trx) : db;
}
