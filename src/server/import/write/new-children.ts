/**
 * The ordered child rows (authors, institutions, references, supplements, full texts) of records
 * the import adds. A new record has no rows to compare or delete, so its rows wait here and are
 * written together, as multi-row inserts, once its writer is done: on PostgreSQL each statement is
 * a round trip, and a new article's four replaced lists were twelve of them.
 */
import { type ChildTable, insertRows, type RowValues, type Tx } from '../../store/bulk/insert.ts';

type Parent = 'article_id' | 'album_id';
type Staged = { table: ChildTable; rows: RowValues[] };

export type NewChildren = {
  /** From now on the record's child rows wait for `write` (it was just added). */
  add(parentColumn: Parent, parentId: number): void;
  /** The rows replacing the record's list when it was just added (true: staged); false otherwise. */
  stage(table: ChildTable, parentColumn: Parent, parentId: number, rows: readonly RowValues[]): boolean;
  /**
   * Writes every staged row (one insert per table and set of columns, batched within the parameter
   * limit); the records' lists are then replaced as any stored record's are.
   */
  write(trx: Tx): Promise<void>;
};

export function newChildren(): NewChildren {
  const added = new Set<string>();
  // a list staged again for the same record replaces the first (a JATS file's references)
  const staged = new Map<string, Staged>();
  return {
    add: (parentColumn, parentId) => added.add(`${parentColumn}:${parentId}`),
    stage(table, parentColumn, parentId, rows) {
      const parent = `${parentColumn}:${parentId}`;
      if (!added.has(parent)) return false;
      staged.set(`${table}:${parent}`, {
        table,
        rows: rows.map((row) => ({ [parentColumn]: parentId, ...row })),
      });
      return true;
    },
    async write(trx) {
      const byShape = new Map<string, Staged>();
      for (const { table, rows } of staged.values())
        for (const row of rows) {
          const shape = `${table}:${Object.keys(row).join(',')}`;
          const group = byShape.get(shape) ?? { table, rows: [] };
          group.rows.push(row);
          byShape.set(shape, group);
        }
      staged.clear();
      added.clear();
      for (const { table, rows } of byShape.values()) await insertRows(trx, table, rows);
    },
  };
}
