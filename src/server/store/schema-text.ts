/**
 * Writes src/server/store/schema.ts (the tables as Kysely sees them) from a migrated SQLite
 * database, so the types follow the migrations: `npm run store-schema` after adding one, and
 * tests/unit/store-schema.test.ts fails while they differ.
 */
import type { Db } from './db.ts';
import { int, str } from './sql.ts';

function tsType(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes('INT') || type.includes('REAL') || type.includes('NUM')) return 'number';
  if (type.includes('BLOB')) return 'Uint8Array';
  return 'string';
}

export function schemaText(db: Db): string {
  const tables = db
    // pragma_table_list's type 'table' leaves out FTS5 tables and their shadow tables: only the named search function reads them
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
    )
    .all()
    .map((row) => str(row, 'name'));
  const lines = [
    '/**',
    ' * Tables and columns as Kysely sees them, written by `npm run store-schema` from the SQLite',
    ' * migrations (src/server/store/schema-text.ts); do not edit by hand. Generated: a column the',
    ' * database fills in (a rowid key or a DEFAULT) may be left out of an insert.',
    ' */',
    "import type { Generated } from 'kysely';",
    '',
    'export type Database = {',
  ];
  for (const table of tables) {
    lines.push(`  ${table}: {`);
    const columns = db
      .prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid`)
      .all(table);
    const keys = columns.filter((column) => int(column, 'pk') > 0).length;
    for (const column of columns) {
      const base = tsType(str(column, 'type'));
      const rowid = keys === 1 && int(column, 'pk') === 1 && str(column, 'type').toUpperCase() === 'INTEGER';
      const nullable = int(column, 'notnull') === 0 && !rowid && int(column, 'pk') === 0;
      const value = nullable ? `${base} | null` : base;
      const generated = rowid || column['dflt_value'] !== null;
      lines.push(`    ${str(column, 'name')}: ${generated ? `Generated<${value}>` : value};`);
    }
    lines.push('  };');
  }
  lines.push('};', '');
  return lines.join('\n');
}
