/**
 * Async Kysely reads whose query is built and compiled once per connection and per key, for reads
 * a page makes on every render: engine-neutral (each connection's own dialect compiles them).
 */
import { type Compilable, type Kysely, CompiledQuery as KyselyCompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { Placeholder, type QueryValue } from './params.ts';
import type { Database } from './schema.ts';

/**
 * compiledByKey for reads that stay asynchronous Kysely queries: each key's query is built and
 * compiled once per connection by that connection's own Kysely (so another engine's dialect
 * compiles it), then run through Kysely's executor with the values bound in place of the params.
 */
export function preparedByKey<K extends string, P extends Record<string, QueryValue>>(): <O>(
  build: (q: Kysely<Database>, key: K) => Compilable<O>,
) => (db: Db, key: K, values: P) => Promise<O[]> {
  return <O>(build: (q: Kysely<Database>, key: K) => Compilable<O>) => {
    const byDb = new WeakMap<Db, Map<K, { sql: string; parameters: readonly unknown[] }>>();
    return async (db, key, values) => {
      let compiled = byDb.get(db);
      if (!compiled) {
        compiled = new Map();
        byDb.set(db, compiled);
      }
      let query = compiled.get(key);
      if (!query) {
        query = build(kysely(db), key).compile();
        compiled.set(key, query);
      }
      const bound = query.parameters.map((value) => (value instanceof Placeholder ? values[value.name] : value));
      const result = await kysely(db).executeQuery<O>(KyselyCompiledQuery.raw(query.sql, bound));
      return result.rows;
    };
  };
}
