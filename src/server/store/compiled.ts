/**
 * Queries written with Kysely and compiled once, for the reads pages make on every render. Building
 * and compiling a Kysely query costs about 5 µs a call (docs/decisions.md), so each is compiled
 * once per engine, by that engine's own dialect, with named placeholders where values go; each call
 * binds the values in the order the SQL needs them. On SQLite the SQL runs as the connection's
 * cached prepared statement (as fast as the synchronous reads were); on PostgreSQL through the
 * handle's Kysely, so the same builder code serves both engines.
 */
import { type Compilable, type Kysely, CompiledQuery as KyselyCompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { Placeholder, param, type QueryValue } from './params.ts';
import type { Database } from './schema.ts';
import { statement } from './sql.ts';

export { param };

type Params = Record<string, QueryValue>;

export type CompiledQuery<P extends Params, O> = {
  all(db: Db, values: P): Promise<O[]>;
  one(db: Db, values: P): Promise<O | null>;
};

type Compiled = { sql: string; parameters: readonly unknown[] };

/** The values in the order the compiled SQL takes them. */
function bind(parameters: readonly unknown[], values: Params): QueryValue[] {
  return parameters.map((value) =>
    value instanceof Placeholder ? (values[value.name] as QueryValue) : (value as QueryValue),
  );
}

async function rowsOf<O>(db: Db, { sql, parameters }: Compiled, values: Params): Promise<O[]> {
  const bound = bind(parameters, values);
  // node:sqlite gives plain objects whose columns are those the builder selected, integers as numbers
  if (db.engine === 'sqlite') return statement(db, sql).all(...bound) as O[];
  return (await kysely(db).executeQuery<O>(KyselyCompiledQuery.raw(sql, bound))).rows;
}

async function firstOf<O>(db: Db, query: Compiled, values: Params): Promise<O | null> {
  // SQLite's get() stops at the first row; PostgreSQL's one-row reads are keyed or limited
  if (db.engine === 'sqlite') return (statement(db, query.sql).get(...bind(query.parameters, values)) as O) ?? null;
  return (await rowsOf<O>(db, query, values))[0] ?? null;
}

/**
 * Compiles `build` once per engine (the SQL differs by dialect, not by connection; prepared
 * statements are kept per connection). Rows have the builder's output type: node:sqlite returns
 * each column's value as Kysely declares it, and pg's parsers read bigint and numeric as numbers
 * (postgres.ts), so what a caller reads is checked when it compiles. Two steps,
 * `compiledQuery<P>()(build)`, because TypeScript cannot take `P` from the caller and infer the row
 * type in one call.
 */
export function compiledQuery<P extends Params>(): <O>(
  build: (q: Kysely<Database>) => Compilable<O>,
) => CompiledQuery<P, O> {
  return <O>(build: (q: Kysely<Database>) => Compilable<O>): CompiledQuery<P, O> => {
    const byEngine = new Map<Db['engine'], Compiled>();
    const compiled = (db: Db): Compiled => {
      let query = byEngine.get(db.engine);
      if (!query) {
        query = build(kysely(db)).compile();
        byEngine.set(db.engine, query);
      }
      return query;
    };
    return {
      all: (db, values) => rowsOf<O>(db, compiled(db), values),
      one: (db, values) => firstOf<O>(db, compiled(db), values),
    };
  };
}

/** compiledQuery for a query whose shape depends on an option or two: one compiled query per key. */
export function compiledByKey<K extends string, P extends Params>(): <O>(
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
export function compiledIn<P extends Params>(): <O>(
  build: (q: Kysely<Database>, ids: number[]) => Compilable<O>,
) => (db: Db, ids: readonly number[], values: P) => Promise<O[]> {
  return <O>(build: (q: Kysely<Database>, ids: number[]) => Compilable<O>) => {
    const bySize = compiledByKey<string, Params>()((q, size) =>
      build(
        q,
        Array.from({ length: Number(size) }, (_, i) => param<number>(`id${i}`)),
      ),
    );
    return async (db: Db, ids: readonly number[], values: P) => {
      const unique = [...new Set(ids)];
      const rows: O[] = [];
      for (let start = 0; start < unique.length; start += IN_CHUNK) {
        const chunk = unique.slice(start, start + IN_CHUNK);
        let size = 1;
        while (size < chunk.length) size *= 2;
        const named: Params = { ...values };
        for (let i = 0; i < size; i++) named[`id${i}`] = chunk[i] ?? chunk[0] ?? 0;
        rows.push(...(await bySize(String(size)).all(db, named)));
      }
      return rows;
    };
  };
}

/** The row type of a compiled query, for the functions that map its rows. */
export type RowOf<Q extends { one(db: Db, values: never): Promise<unknown> }> = NonNullable<
  Awaited<ReturnType<Q['one']>>
>;
