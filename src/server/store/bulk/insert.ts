/**
 * The bulk-write part of the store: seed and import write many rows inside one transaction, so
 * they use synchronous prepared statements (one per table and column list, reused) instead of the
 * async query builder. Table and column names come from code, never from input.
 */
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Db } from '../db.ts';

export type BulkValue = SQLInputValue;
export type RowValues = Record<string, BulkValue | undefined>;
export type Insert = (table: string, row: RowValues) => number;

function cached(db: Db, statements: Map<string, StatementSync>, sql: string): StatementSync {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

export function createInsert(db: Db): Insert {
  const statements = new Map<string, StatementSync>();
  return (table, row) => {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    const sql = `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`;
    const result = cached(db, statements, sql).run(...keys.map((key) => row[key] as BulkValue));
    return Number(result.lastInsertRowid);
  };
}

/** Row updates by id, one prepared statement per (table, column list). */
export type Update = (table: string, id: number, fields: RowValues) => void;

export function createUpdate(db: Db): Update {
  const statements = new Map<string, StatementSync>();
  return (table, id, fields) => {
    const keys = Object.keys(fields).filter((key) => fields[key] !== undefined);
    const sql = `UPDATE ${table} SET ${keys.map((key) => `${key} = ?`).join(', ')} WHERE id = ?`;
    cached(db, statements, sql).run(...keys.map((key) => fields[key] as BulkValue), id);
  };
}

export function countRows(db: Db, table: string): number {
  return Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.['n'] ?? 0);
}
