/**
 * Child rows the seed gathers per table and writes as multi-row inserts: one statement per few
 * thousand rows instead of one per row keeps the async writes near the prepared statements' speed.
 */
import { insertRows, type RowValues, type Tx } from '../store/bulk/insert.ts';
import type { Database } from '../store/schema.ts';

export type RowBatch = {
  add(table: keyof Database, row: RowValues): void;
  /** rows gathered and not yet written */
  readonly size: number;
  /** writes whole chunks of each table's rows; `all` writes the rest too */
  flush(all?: boolean): Promise<void>;
};

/**
 * Rows per statement: always the same count, so the statement's SQL text repeats and is prepared
 * once (statements are cached by their text; a text per row count held every size ever written).
 */
const CHUNK_ROWS = 500;

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
    async flush(all = false) {
      // tables in the order their rows were first gathered, so a run is the same every time
      for (const group of pending.values()) {
        const whole = all ? group.rows.length : group.rows.length - (group.rows.length % CHUNK_ROWS);
        for (let start = 0; start < whole; start += CHUNK_ROWS)
          await insertRows(trx, group.table, group.rows.slice(start, Math.min(whole, start + CHUNK_ROWS)));
        group.rows = group.rows.slice(whole);
        size -= whole;
      }
    },
  };
}
