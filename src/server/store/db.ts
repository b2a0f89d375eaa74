import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { sqliteKysely } from './kysely.ts';
import { refreshStatistics } from './planner-statistics.ts';
import type { PostgresStore } from './postgres.ts';
import type { Database } from './schema.ts';

/**
 * The embedded store: node:sqlite's own connection, so the synchronous paths (prepared statements,
 * transactions, the bulk writers) call its native methods unchanged, plus the engine's name and the
 * Kysely the async store functions use over the same connection and statement cache.
 */
export class SqliteStore extends DatabaseSync {
  readonly engine = 'sqlite';
  #kysely: Kysely<Database> | undefined;

  get kysely(): Kysely<Database> {
    this.#kysely ??= sqliteKysely(this);
    return this.#kysely;
  }
}

/** A store handle: the embedded SQLite file or a PostgreSQL database (postgres.ts). */
export type Db = SqliteStore | PostgresStore;

/** Each engine has its own numbered migrations; this store runs the SQLite ones. */
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations', 'sqlite');

/** Opens (creating if needed) a database file, or ':memory:', and applies pending migrations. */
export function openDb(path: string): SqliteStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new SqliteStore(path);
  db.exec(
    'PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;',
  );
  migrate(db);
  refreshStatistics(db, 'open');
  return db;
}

/** Applies numbered .sql files from migrations/sqlite/ that have not run yet, each in its own transaction. */
export function migrate(db: Db): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row['version'])),
  );
  const applied: number[] = [];
  for (const file of readdirSync(migrationsDir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()) {
    const version = Number.parseInt(file, 10);
    if (done.has(version)) continue;
    // Another process (an HTTP worker, an import) may have applied it since the read above: the
    // check inside the write lock is the one that counts.
    const ran = transaction(db, () => {
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(version)) return false;
      db.exec(readFileSync(join(migrationsDir, file), 'utf8'));
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        new Date().toISOString(),
      );
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}

/** Runs fn inside BEGIN/COMMIT, rolling back on any error so a failed write changes nothing. */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
