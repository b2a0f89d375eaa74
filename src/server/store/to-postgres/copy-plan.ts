/**
 * What `npm run migrate-to-postgres` copies: every table the SQLite file and the PostgreSQL
 * database both have, parents before the tables whose foreign keys name them, each with the columns
 * the two share, its primary key (the order batches are read in) and PostgreSQL's identity column.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

export type TablePlan = {
  table: string;
  columns: string[];
  key: string[];
  /** PostgreSQL's identity column, set past the copied ids at the end */
  identity: string | null;
  /**
   * Foreign keys that close a cycle (files name their owner, users their photo, a file): copied
   * as NULL with the rows, filled in once every table is there.
   */
  deferred: string[];
};

export type CopyPlan = {
  tables: TablePlan[];
  /** SQLite's own tables: its full-text index (FTS5 and its shadow tables) and its migration list */
  sqliteOnly: string[];
  /** columns only PostgreSQL has, left to their defaults */
  postgresOnly: string[];
};

type SqliteColumn = { name: string; pk: number; notnull: number };
type ForeignKey = { table: string; from: string };

/** Each engine keeps its own list of applied migrations. */
const OWN_MIGRATIONS = 'schema_migrations';

export async function copyPlan(source: Kysely<Database>, target: Kysely<Database>): Promise<CopyPlan> {
  const sqliteTables = await sql<{ name: string; sql: string | null }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
    source,
  );
  const virtual = sqliteTables.rows.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
  const ownIndex = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const pgColumns = await postgresColumns(target);
  const sqliteOnly: string[] = [];
  const postgresOnly: string[] = [];
  const plans = new Map<string, TablePlan & { parents: ForeignKey[]; nullable: Set<string> }>();
  for (const { name } of sqliteTables.rows) {
    if (name === OWN_MIGRATIONS || ownIndex(name)) {
      sqliteOnly.push(name);
      continue;
    }
    const target = pgColumns.get(name);
    if (!target) throw new Error(`table ${name} is not in PostgreSQL: run npm run pg-migrate with this checkout first`);
    const columns = (
      await sql<SqliteColumn>`SELECT name, pk, "notnull" FROM pragma_table_info(${name}) ORDER BY cid`.execute(source)
    ).rows;
    const missing = columns.filter((c) => !target.columns.has(c.name)).map((c) => c.name);
    if (missing.length > 0)
      throw new Error(`PostgreSQL's ${name} has no column ${missing.join(', ')}: its data would be lost`);
    const names = new Set(columns.map((c) => c.name));
    postgresOnly.push(...[...target.columns].filter((c) => !names.has(c)).map((c) => `${name}.${c}`));
    const parents = await sql<ForeignKey>`SELECT "table", "from" FROM pragma_foreign_key_list(${name})`.execute(source);
    plans.set(name, {
      table: name,
      columns: columns.map((c) => c.name),
      key: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      identity: target.identity,
      deferred: [],
      parents: parents.rows.filter((p) => p.table !== name),
      nullable: new Set(columns.filter((c) => c.notnull === 0 && c.pk === 0).map((c) => c.name)),
    });
  }
  for (const plan of plans.values())
    if (plan.key.length === 0) throw new Error(`table ${plan.table} has no primary key to copy it in batches by`);
  return { tables: parentsFirst(plans), sqliteOnly, postgresOnly };
}

async function postgresColumns(
  target: Kysely<Database>,
): Promise<Map<string, { columns: Set<string>; identity: string | null }>> {
  const rows = await sql<{ table_name: string; column_name: string; is_identity: string }>`
    SELECT table_name, column_name, is_identity FROM information_schema.columns
    WHERE table_schema = current_schema()`.execute(target);
  const tables = new Map<string, { columns: Set<string>; identity: string | null }>();
  for (const row of rows.rows) {
    const table = tables.get(row.table_name) ?? { columns: new Set<string>(), identity: null };
    table.columns.add(row.column_name);
    if (row.is_identity === 'YES') table.identity = row.column_name;
    tables.set(row.table_name, table);
  }
  return tables;
}

/**
 * Tables in an order where every table's parents come before it (foreign keys are checked per
 * row); a key that would close a cycle is deferred, which needs its column to allow NULL.
 */
function parentsFirst(plans: Map<string, TablePlan & { parents: ForeignKey[]; nullable: Set<string> }>): TablePlan[] {
  const ordered: TablePlan[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    const plan = plans.get(name);
    if (!plan || state.get(name) === 'done') return;
    state.set(name, 'visiting');
    for (const parent of plan.parents) {
      if (state.get(parent.table) !== 'visiting') visit(parent.table);
      else if (plan.nullable.has(parent.from)) plan.deferred.push(parent.from);
      else throw new Error(`foreign keys form a cycle through ${name}.${parent.from}, which must have a value`);
    }
    state.set(name, 'done');
    const { parents: _parents, nullable: _nullable, ...table } = plan;
    ordered.push(table);
  };
  for (const name of plans.keys()) visit(name);
  return ordered;
}
