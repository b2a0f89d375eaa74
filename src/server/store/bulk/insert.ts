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

export function countRows(db: Db, table: string): number {
  return Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.['n'] ?? 0);
}

/** Sets the named fields of the row whose `key` column is `id`, only where they differ; true when anything changed. */
export type Merge = (table: string, key: string, id: number, fields: RowValues) => boolean;

/** One column a merge changed, with the value it had and the value it got. */
export type ColumnChange = { column: string; old: BulkValue | null; new: BulkValue };
/** The same as Merge, answering what changed (empty when nothing did). */
export type MergeDiff = (table: string, key: string, id: number, fields: RowValues) => ColumnChange[];

export function createMergeDiff(db: Db): MergeDiff {
  const statements = new Map<string, StatementSync>();
  return (table, key, id, fields) => {
    const current = cached(db, statements, `SELECT * FROM ${table} WHERE ${key} = ?`).get(id);
    if (!current) return [];
    const changed = Object.keys(fields).filter(
      (column) => fields[column] !== undefined && (current[column] ?? null) !== fields[column],
    );
    if (changed.length === 0) return [];
    const sql = `UPDATE ${table} SET ${changed.map((column) => `${column} = ?`).join(', ')} WHERE ${key} = ?`;
    cached(db, statements, sql).run(...changed.map((column) => fields[column] as BulkValue), id);
    return changed.map((column) => ({
      column,
      old: (current[column] ?? null) as BulkValue | null,
      new: fields[column] as BulkValue,
    }));
  };
}

export function createMerge(db: Db): Merge {
  const diff = createMergeDiff(db);
  return (table, key, id, fields) => diff(table, key, id, fields).length > 0;
}

/**
 * Makes a parent's ordered child rows (authors of an article, items of an album) equal to `rows`,
 * leaving them untouched when they already are; true when they changed. Every row names the same columns.
 */
export type ReplaceChildren = (table: string, parentColumn: string, parentId: number, rows: RowValues[]) => boolean;

export function createReplaceChildren(db: Db, insert: Insert): ReplaceChildren {
  const statements = new Map<string, StatementSync>();
  return (table, parentColumn, parentId, rows) => {
    const columns = Object.keys(rows[0] ?? { position: 0 });
    const current = cached(
      db,
      statements,
      `SELECT ${columns.join(', ')} FROM ${table} WHERE ${parentColumn} = ? ORDER BY position`,
    ).all(parentId);
    const wanted = rows.map((row) => columns.map((column) => row[column] ?? null));
    const had = current.map((row) => columns.map((column) => row[column] ?? null));
    if (JSON.stringify(had) === JSON.stringify(wanted) && (rows.length > 0 || current.length === 0)) return false;
    cached(db, statements, `DELETE FROM ${table} WHERE ${parentColumn} = ?`).run(parentId);
    for (const row of rows) insert(table, { [parentColumn]: parentId, ...row });
    return true;
  };
}
