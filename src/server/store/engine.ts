/**
 * Which engine a query builder runs on, for the few store functions whose SQL differs by engine
 * (each named for what it does) and that are handed a transaction rather than the store handle.
 */
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export function engineOf(q: Kysely<Database>): Engine {
  return q.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
