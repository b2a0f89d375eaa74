/**
 * Which store modules still run only on SQLite: those that use node:sqlite's synchronous paths
 * (compiled reads, prepared statements, `transaction(db, …)`, `db.exec`). On PostgreSQL those paths
 * throw (src/server/store/postgres.ts), so the list below may only shrink: a new module on them
 * fails here, and so does a listed module that no longer needs them (take it off the list).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const STORE = join('src', 'server', 'store');

/**
 * The SQLite engine itself: opening, migrating, the statement cache, backups, planner statistics,
 * and the compiled render reads (compiled.ts), whose SQLite branch runs the cached statement.
 */
const SQLITE_ENGINE = new Set([
  'backup.ts',
  'compiled.ts',
  'db.ts',
  'kysely.ts',
  'planner-statistics.ts',
  'schema-text.ts',
  'sql.ts',
]);

/** Modules still bound to the synchronous SQLite paths (docs/decisions.md, "one store handle for two engines"). */
const STILL_SQLITE_ONLY = ['bulk/search-index.ts'];

const SYNCHRONOUS_PATHS: [string, RegExp][] = [
  ['runs a cached prepared statement (statement() of sql.ts)', /\bstatement\(\s*(?:db|q|trx|source)\b/],
  ['runs a synchronous transaction (transaction() of db.ts)', /\btransaction\(\s*(?:db|q)\s*,/],
  ['calls DatabaseSync directly (prepare, exec)', /\b(?:db|q|source)\.(?:prepare|exec)\(/],
  ['imports node:sqlite', /from 'node:sqlite'/],
];

function storeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, STORE, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name;
    if (statSync(join(ROOT, STORE, path)).isDirectory()) return storeFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The synchronous SQLite paths a source text uses. */
function synchronousUses(text: string): string[] {
  return SYNCHRONOUS_PATHS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

describe('store modules bound to SQLite', () => {
  it('recognises each synchronous path, and leaves async Kysely alone', () => {
    const bound = [
      'return statement(db, SQL).all();',
      'transaction(db, () => write());',
      "db.exec('ANALYZE');",
      "const rows = db.prepare('SELECT 1').all();",
      "import type { SQLInputValue } from 'node:sqlite';",
    ];
    const neutral = [
      "const row = await kysely(db).selectFrom('sessions').selectAll().executeTakeFirst();",
      'await kysely(db).transaction().execute(async (trx) => {});',
      "await trx.insertInto('pass_history').values(row).execute();",
      '// compiled.ts compiles the render reads',
      "import { compiledQuery, param } from './compiled.ts';",
      'const row = await TITLE.one(db, { id });',
    ];
    expect(bound.map((line) => synchronousUses(line).length)).toEqual(bound.map(() => 1));
    expect(neutral.flatMap(synchronousUses)).toEqual([]);
  });

  it('are only the listed ones, and every listed one still is (the list only shrinks)', () => {
    const found = storeFiles('')
      .filter((path) => !SQLITE_ENGINE.has(path))
      .filter((path) => synchronousUses(readFileSync(join(ROOT, STORE, path), 'utf8')).length > 0)
      .sort();
    expect(found).toEqual([...STILL_SQLITE_ONLY].sort());
  });
});
