/**
 * Queries written with Kysely and compiled once, for the synchronous reads pages make on every
 * render (and the writes that must stay synchronous). Building and compiling a Kysely query costs about 5 µs a call (docs/decisions.md), so
 * these are compiled when their module loads, with named placeholders where values go, and run as
 * prepared statements. Another engine compiles the same builder code with its own dialect.
 */
import type { SQLInputValue } from 'node:sqlite';
import { type Compilable, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';
import { type Row, statement } from './sql.ts';

/** Kysely that only compiles (SQLite dialect, no connection). */
const builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** Where the value named `name` goes; `T` is the column's type, so the builder accepts it. */
export function param<T extends SQLInputValue>(name: string): T {
  return new Placeholder(name) as unknown as T;
}

export type CompiledQuery<P extends Record<string, SQLInputValue>> = {
  all(db: Db, values: P): Row[];
  one(db: Db, values: P): Row | null;
  /** for writes: the rows changed */
  run(db: Db, values: P): number;
};

/** Compiles `build` once; each call binds the named values in the order the SQL needs them. */
export function compiledQuery<P extends Record<string, SQLInputValue>>(
  build: (q: Kysely<Database>) => Compilable<unknown>,
): CompiledQuery<P> {
  const { sql, parameters } = build(builder).compile();
  const bind = (values: P): SQLInputValue[] =>
    parameters.map((value) =>
      value instanceof Placeholder ? (values[value.name] as SQLInputValue) : (value as SQLInputValue),
    );
  return {
    all: (db, values) => statement(db, sql).all(...bind(values)),
    one: (db, values) => statement(db, sql).get(...bind(values)) ?? null,
    run: (db, values) => Number(statement(db, sql).run(...bind(values)).changes),
  };
}

/** compiledQuery for a query whose shape depends on an option or two: one compiled query per key. */
export function compiledByKey<K extends string, P extends Record<string, SQLInputValue>>(
  build: (q: Kysely<Database>, key: K) => Compilable<unknown>,
): (key: K) => CompiledQuery<P> {
  const byKey = new Map<K, CompiledQuery<P>>();
  return (key) => {
    let read = byKey.get(key);
    if (!read) {
      read = compiledQuery<P>((q) => build(q, key));
      byKey.set(key, read);
    }
    return read;
  };
}

const IN_CHUNK = 256;

/**
 * A query over a list of ids, compiled once per list size: lists are padded (with their first id)
 * to a power of two so a handful of shapes serve every size, at most 256 ids a query.
 */
export function compiledIn<P extends Record<string, SQLInputValue>>(
  build: (q: Kysely<Database>, ids: number[]) => Compilable<unknown>,
): (db: Db, ids: readonly number[], values: P) => Row[] {
  const bySize = compiledByKey<string, Record<string, SQLInputValue>>((q, size) =>
    build(
      q,
      Array.from({ length: Number(size) }, (_, i) => param<number>(`id${i}`)),
    ),
  );
  return (db, ids, values) => {
    const unique = [...new Set(ids)];
    const rows: Row[] = [];
    for (let start = 0; start < unique.length; start += IN_CHUNK) {
      const chunk = unique.slice(start, start + IN_CHUNK);
      let size = 1;
      while (size < chunk.length) size *= 2;
      const named: Record<string, SQLInputValue> = { ...values };
      for (let i = 0; i < size; i++) named[`id${i}`] = chunk[i] ?? chunk[0] ?? 0;
      rows.push(...bySize(String(size)).all(db, named));
    }
    return rows;
  };
}
