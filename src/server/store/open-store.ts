/**
 * Opening and closing a store of either engine: PostgreSQL when DATABASE_URL names one, else the
 * embedded SQLite file (the default, as the README runs it).
 */
import { z } from 'zod';
import { type Db, openDb } from './db.ts';
import { migratePostgres, PostgresStore } from './postgres.ts';

const storeEnv = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** The PostgreSQL URL DATABASE_URL names, or undefined for the SQLite file. */
export function storeUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return storeEnv.parse(env).DATABASE_URL;
}

/** The store DATABASE_URL names (migrated to the current schema), else the SQLite file at `databasePath`. */
export async function openStore(
  databasePath: string,
  env: Record<string, string | undefined> = process.env,
): Promise<Db> {
  const url = storeUrl(env);
  if (!url) return openDb(databasePath);
  const store = new PostgresStore(url);
  try {
    await migratePostgres(store.kysely);
  } catch (error) {
    await store.kysely.destroy();
    throw error;
  }
  return store;
}

/** Closes either engine's store: the SQLite connection, or PostgreSQL's pool once its queries end. */
export async function closeStore(db: Db): Promise<void> {
  if (db.engine === 'sqlite') db.close();
  else await db.kysely.destroy();
}
