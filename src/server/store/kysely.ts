/**
 * Kysely over node:sqlite. Kysely's stock SqliteDialect expects a better-sqlite3-like database;
 * node:sqlite's DatabaseSync differs in three ways this adapter absorbs: a statement does not say
 * whether it returns rows (`reader`), parameters are spread rather than passed as an array, and
 * rows come back with a null prototype. Statements are prepared once per SQL text and reused.
 */
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import type { Db, SqliteStore } from './db.ts';
import type { Database } from './schema.ts';
import { rememberStatement } from './sql.ts';

/** A plain object with integers as numbers (SQLite counts and ids never exceed 2^53 here). */
function plainRow(row: Record<string, SQLOutputValue>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const key in row) {
    const value = row[key];
    plain[key] = typeof value === 'bigint' ? Number(value) : value;
  }
  return plain;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...args(parameters)).map(plainRow),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...args(parameters));
      return { changes: Number(changes), lastInsertRowid: Number(lastInsertRowid) };
    },
    *iterate(parameters) {
      for (const row of statement.iterate(...args(parameters))) yield plainRow(row);
    },
  };
}

function adaptDatabase(db: SqliteStore): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    // the connection belongs to whoever opened it (openDb's caller), not to Kysely
    close: () => {},
    prepare: (sql) => {
      return prepared.get(sql) ?? rememberStatement(prepared, sql, adaptStatement(db.prepare(sql)));
    },
  };
}

/** The query builder over this SQLite connection; its handle makes it once (db.ts). */
export function sqliteKysely(db: SqliteStore): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: adaptDatabase(db) }) });
}

/** The query builder of this store, whichever its engine. */
export function kysely(db: Db): Kysely<Database> {
  return db.kysely;
}
