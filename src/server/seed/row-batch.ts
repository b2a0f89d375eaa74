/**
 * Child rows the seed gathers per table and writes as multi-row inserts: one statement per few
 * thousand rows instead of one per row keeps the async writes near the prepared statements' speed.
 */
import { insertRows, type RowValues, type Tx } from '../store/bulk/insert.ts';
import type { Database } from '../store/schema.ts';

export type RowBatch = {
  add(table: keyof Database, row: RowValues): void;
  /** rows gathered since the last flush */
  readonly size: number;
  flush(): Promise<void>;
};

/** Rows of one table naming different columns (a reference with or without its structure) go under separate keys. */
export function createRowBatch(trx: Tx): RowBatch {
  const pending = new Map<string, { table: keyof Database; rows: RowValues[] }>();
  let size = 0;
  return {
    add(table, row) {
      const key = `${table}:${Object.keys(row).join(',')}`;
      let group = pending.get(key);
      if (!group) {
        group = { table, rows: [] };
        pending.set(key, group);
      }
      group.rows.push(row);
      size++;
    },
    get size() {
      return size;
    },
    async flush() {
      // tables in the order their rows were first gathered, so a run is the same every time
      for (const { table, rows } of pending.values()) await insertRows(trx, table, rows);
      pending.clear();
      size = 0;
    },
  };
}
