/**
 * Rows written with their ids given (the demo's sites keep fixed ids, its articles are numbered by the seed) leave
 * PostgreSQL's identity sequences behind: the next row without an id would take an id in use.
 * SQLite gives the next rowid past the largest one by itself.
 */
import { sql } from 'kysely';
import { engineOf } from '../engine.ts';
import type { Tx } from './insert.ts';

export async function moveIdentitiesPastIds(trx: Tx, tables: readonly ('sites' | 'articles')[]): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  for (const table of tables)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) FROM ${sql.table(table)}`.execute(
      trx,
    );
}
