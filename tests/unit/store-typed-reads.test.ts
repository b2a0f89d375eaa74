/**
 * Store modules read rows through the types Kysely gives their queries (`row.title`), never by a
 * column-name string (`row['title']`, `int(row, 'title')`), where a misspelt or unselected column
 * compiles and quietly reads 0 or ''.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const STORE = join('src', 'server', 'store');

/**
 * Files that read rows SQLite describes itself (PRAGMA results, sqlite_stat1, the migrations'
 * bookkeeping): no Kysely table types those. The bulk writers' raw statements are still to convert.
 */
const UNTYPED_BY_NATURE = new Set([
  'schema-text.ts',
  'planner-statistics.ts',
  'backup.ts',
  'db.ts',
  'bulk/article-grants.ts',
  'bulk/files.ts',
  'bulk/insert.ts',
  'bulk/lookups.ts',
  'bulk/search-index.ts',
]);

const RULES: [string, RegExp][] = [
  ["reads a column by a string key (row['col'])", /(?:\b[a-z_$][\w$]*|\))(?:\?\.)?\[\s*['"][a-z_][\w]*['"]\s*\]/],
  [
    "reads a column through a reader taking its name (int(row, 'col'))",
    /\b(?:int|str|intOrNull|strOrNull)\(\s*[\w$]+\s*,\s*['"]/,
  ],
];

function storeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, STORE, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name;
    if (statSync(join(ROOT, STORE, path)).isDirectory()) return storeFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('store modules read typed rows', () => {
  const files = storeFiles('').filter((path) => path !== 'sql.ts' && path !== 'schema.ts');

  it('recognises each way of reading a column by name, and leaves typed reads and type indexing alone', () => {
    const offending = [
      "title: String(row['title']),",
      "const n = statement.get()?.['n'];",
      "id: int(row, 'id'),",
      "enName: strOrNull(row, 'en_name'),",
    ];
    const fine = [
      'title: row.title,',
      "type Item = AlbumDetail['items'][number];",
      "type R = ReturnType<ReturnType<typeof EXPERTS>['all']>[number];",
      "eb(eb.fn('lower', ['doi']), '=', key)",
      "type Op = SearchClause['op'];",
    ];
    expect(offending.map((line) => RULES.some(([, pattern]) => pattern.test(line)))).toEqual([true, true, true, true]);
    expect(fine.map((line) => RULES.some(([, pattern]) => pattern.test(line)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('finds the modules it checks', () => {
    expect(files).toContain('albums.ts');
    expect(files).toContain('news.ts');
    expect(files.length).toBeGreaterThan(50);
  });

  it('has no store module reading a row by a column-name string', () => {
    const offences: string[] = [];
    for (const path of files) {
      if (UNTYPED_BY_NATURE.has(path)) continue;
      const lines = readFileSync(join(ROOT, STORE, path), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const [rule, pattern] of RULES) if (pattern.test(line)) offences.push(`${path}:${index + 1} ${rule}`);
      });
    }
    expect(offences).toEqual([]);
  });
});
