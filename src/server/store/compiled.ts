/**
 * Queries written with Kysely and compiled once, for the synchronous reads pages make on every
 * render (and the writes that must stay synchronous). Building and compiling a Kysely query costs about 5 µs a call (docs/decisions.md), so
 * these are compiled when their module loads, with named placeholders where values go, and run as
 * prepared statements. Another engine compiles the same builder code with its own dialect.
 */
import type { SQLInputValue } from 'node:sqlite';
import { type Compilable, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { Db } from './db.ts';
import { Placeholder, param } from './params.ts';
import type { Database } from './schema.ts';
import { statement } from './sql.ts';

export { param };

/** Kysely that only compiles (SQLite dialect, no connection). */
const builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

export type CompiledQuery<P extends Record<string, SQLInputValue>, O> = {
  all(db: Db, values: P): O[];
  one(db: Db, values: P): O | null;
  /** for writes: the rows changed */
  run(db: Db, values: P): number;
};

/**
 * Compiles `build` once; each call binds the named values in the order the SQL needs them. Rows
 * have the builder's output type: node:sqlite returns each column's value as Kysely declares it
 * (integers as numbers, text as strings), so what a caller reads is checked when it compiles.
 * Two steps, `compiledQuery<P>()(build)`, because TypeScript cannot take `P` from the caller and
 * infer the row type in one call.
 */
export function compiledQuery<P extends Record<string, SQLInputValue>>(): <O>(
  build: (q: Kysely<Database>) => Compilable<O>,
) => CompiledQuery<P, O> {
  return <O>(build: (q: Kysely<Database>) => Compilable<O>): CompiledQuery<P, O> => {
    const { sql, parameters } = build(builder).compile();
    const bind = (values: P): SQLInputValue[] =>
      parameters.map((value) =>
        value instanceof Placeholder ? (values[value.name] as SQLInputValue) : (value as SQLInputValue),
      );
    return {
      // node:sqlite gives plain objects whose columns are those the builder selected
      all: (db, values) => statement(db, sql).all(...bind(values)) as O[],
      one: (db, values) => (statement(db, sql).get(...bind(values)) as O | undefined) ?? null,
      run: (db, values) => Number(statement(db, sql).run(...bind(values)).changes),
    };
  };
}

/** compiledQuery for a query whose shape depends on an option or two: one compiled query per key. */
export function compiledByKey<K extends string, P extends Record<string, SQLInputValue>>(): <O>(
  build: (q: Kysely<Database>, key: K) => Compilable<O>,
) => (key: K) => CompiledQuery<P, O> {
  return <O>(build: (q: Kysely<Database>, key: K) => Compilable<O>) => {
    const byKey = new Map<K, CompiledQuery<P, O>>();
    return (key: K) => {
      let read = byKey.get(key);
      if (!read) {
        read = compiledQuery<P>()((q) => build(q, key));
        byKey.set(key, read);
      }
      return read;
    };
  };
}

const IN_CHUNK = 256;

/**
 * A query over a list of ids, compiled once per list size: lists are padded (with their first id)
 * to a power of two so a handful of shapes serve every size, at most 256 ids a query.
 */
export function compiledIn<P extends Record<string, SQLInputValue>>(): <O>(
  build: (q: Kysely<Database>, ids: number[]) => Compilable<O>,
) => (db: Db, ids: readonly number[], values: P) => O[] {
  return <O>(build: (q: Kysely<Database>, ids: number[]) => Compilable<O>) => {
    const bySize = compiledByKey<string, Record<string, SQLInputValue>>()((q, size) =>
      build(
        q,
        Array.from({ length: Number(size) }, (_, i) => param<number>(`id${i}`)),
      ),
    );
    return (db: Db, ids: readonly number[], values: P) => {
      const unique = [...new Set(ids)];
      const rows: O[] = [];
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
  };
}
