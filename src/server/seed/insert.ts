/** Row inserts with one prepared statement per (table, column list), reused across calls. */
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Db } from '../store/db.ts';

export type RowValues = Record<string, SQLInputValue | undefined>;
export type Insert = (table: string, row: RowValues) => number;

export function createInsert(db: Db): Insert {
  const statements = new Map<string, StatementSync>();
  return (table, row) => {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    const sql = `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    const result = statement.run(...keys.map((key) => row[key] as SQLInputValue));
    return Number(result.lastInsertRowid);
  };
}
