/**
 * The store on PostgreSQL: a Kysely over a pg pool, and the numbered migrations of
 * migrations/postgres/, the twins of the SQLite ones (same tables, columns and indexes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, TypeOverrides } from 'pg';
import type { Database } from './schema.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations', 'postgres');

/** Any fixed number: servers starting together take turns at the migrations. */
const MIGRATION_LOCK = 33_090;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * A Kysely on the database at `url` (postgres://…). Columns SQLite declares INTEGER are bigint here;
 * pg returns bigint as a string, so they are parsed into numbers, as the shared schema types
 * declare them (ids and counts stay far below 2^53). A sum of bigints is numeric, also a string in
 * pg: parsed too, so `sum()` reads as a number on both engines.
 */
export function openPostgres(url: string): Kysely<Database> {
  const types = new TypeOverrides();
  types.setTypeParser(INT8, (value: string) => Number(value));
  types.setTypeParser(NUMERIC, (value: string) => Number(value));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, types }) }) });
}

/** Why a synchronous SQLite path cannot serve this store. */
class SqliteOnly extends Error {
  constructor(use: string) {
    super(
      `${use} is SQLite-only (node:sqlite's synchronous API); this store is PostgreSQL: use the async store functions`,
    );
    this.name = 'SqliteOnly';
  }
}

/**
 * The PostgreSQL store handle. It offers the DatabaseSync methods the synchronous SQLite paths call,
 * each throwing an error that names that use, so code still bound to node:sqlite fails plainly.
 */
export class PostgresStore {
  readonly engine = 'postgres';
  readonly kysely: Kysely<Database>;

  /** A database URL opens a pool; a Kysely (a transaction) makes a handle whose reads run in it. */
  constructor(source: string | Kysely<Database>) {
    this.kysely = typeof source === 'string' ? openPostgres(source) : source;
  }

  prepare(_sql: string): never {
    throw new SqliteOnly('a prepared statement (statement, db.prepare)');
  }

  exec(_sql: string): never {
    throw new SqliteOnly('db.exec (transaction, migrations, planner statistics)');
  }

  /** closeStore(db) ends the pool: it is async, so the synchronous close is refused. */
  close(): never {
    throw new SqliteOnly('the synchronous db.close()');
  }
}

/** Drops every table of the database's public schema (`npm run seed -- --force`); openStore migrates again. */
export async function dropPostgresTables(url: string): Promise<void> {
  const db = openPostgres(url);
  try {
    await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** Applies the migrations of migrations/postgres/ that have not run yet, each in its own transaction. */
export async function migratePostgres(db: Kysely<Database>): Promise<number[]> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, applied_at text NOT NULL)`.execute(
        connection,
      );
      const done = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(connection);
      const doneVersions = new Set(done.rows.map((row) => row.version));
      const applied: number[] = [];
      for (const file of readdirSync(migrationsDir)
        .filter((name) => /^\d+_.*\.sql$/.test(name))
        .sort()) {
        const version = Number.parseInt(file, 10);
        if (doneVersions.has(version)) continue;
        await connection.transaction().execute(async (trx) => {
          // a migration file holds several statements: sent without parameters, pg runs them all
          await sql.raw(readFileSync(join(migrationsDir, file), 'utf8')).execute(trx);
          await sql`INSERT INTO schema_migrations (version, applied_at) VALUES (${version}, ${new Date().toISOString()})`.execute(
            trx,
          );
        });
        applied.push(version);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
