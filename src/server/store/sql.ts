/**
 * Shared plumbing for the query modules: one prepared statement per (database, SQL text) and typed
 * column readers for node:sqlite rows. `all` and `one` run SQL text directly; the store's own
 * queries are written with Kysely (compiled.ts, kysely.ts), and tests use these to look at rows.
 */
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Db } from './db.ts';

export type Row = Record<string, SQLOutputValue>;

const statements = new WeakMap<Db, Map<string, StatementSync>>();

/**
 * Prepared statements kept per connection. The SQL texts are a fixed set (IN lists are padded to a
 * few shapes), so this is never reached in practice; it bounds the cache should a query ever vary.
 */
const STATEMENT_CACHE_MAX = 2000;

/** Remembers `value` under `key`, forgetting the oldest entry beyond STATEMENT_CACHE_MAX. */
export function rememberStatement<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, value);
  return value;
}

/** The prepared statement for this SQL text on this database, prepared once and reused. */
export function statement(db: Db, text: string): StatementSync {
  let byText = statements.get(db);
  if (!byText) {
    byText = new Map();
    statements.set(db, byText);
  }
  const prepared = byText.get(text);
  return prepared ?? rememberStatement(byText, text, db.prepare(text));
}

/** @internal For tests that read the database directly. */
export function all(db: Db, text: string, ...params: SQLInputValue[]): Row[] {
  return statement(db, text).all(...params);
}

/** @internal For tests that read the database directly. */
export function one(db: Db, text: string, ...params: SQLInputValue[]): Row | null {
  return statement(db, text).get(...params) ?? null;
}

export function int(row: Row, key: string): number {
  const value = row[key];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return 0;
}

export function str(row: Row, key: string): string {
  const value = row[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

/** Splits a ';'-separated list (docs/product-rules.md#search-types-and-fields), also accepting the full-width '；', trimmed, empties dropped. */
export function splitList(value: string | null, separators: RegExp = /[;；]/): string[] {
  if (!value) return [];
  return value
    .split(separators)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** 0-based page and size clamped to sane values, plus the SQL offset. */
export function paging(page: number, size: number): { page: number; size: number; offset: number } {
  const safeSize = Number.isInteger(size) && size > 0 ? Math.min(size, 1000) : 10;
  const safePage = Number.isInteger(page) && page > 0 ? page : 0;
  return { page: safePage, size: safeSize, offset: safePage * safeSize };
}

/** The column's value when it is one of `values` (an enum's options), else `fallback`. */
export function oneOf<T extends string>(values: readonly T[], value: SQLOutputValue | undefined, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}
