/**
 * The store is the only place that talks to the database: outside src/server/store/ nothing
 * imports node:sqlite or the store's SQL helpers, prepares or executes a statement, or writes SQL.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const STORE = join('src', 'server', 'store') + '/';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|astro|mjs)$/.test(name) ? [path] : [];
  });
}

const RULES: [string, RegExp][] = [
  ['imports node:sqlite', /from\s+['"]node:sqlite['"]|import\(\s*['"]node:sqlite['"]\s*\)/],
  [
    "imports the store's SQL helpers",
    /import\s*\{[^}]*\b(?:all|one|allIn|statement)\b[^}]*\}\s*from\s*['"][^'"]*store\/sql\.ts['"]/,
  ],
  ['prepares a statement', /\.prepare\(/],
  ['executes SQL', /\.exec\(\s*[`'"]/],
  // upper case, as every query here is written: prose such as 'Select a journal from…' is not SQL
  [
    'writes SQL',
    /[`'"]\s*(?:SELECT\s[\s\S]{0,200}?\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(?:TABLE|INDEX)\s|PRAGMA\s)/,
  ],
];

describe('store boundary', () => {
  const files = [...sourceFiles('src'), ...sourceFiles('scripts')].filter((path) => !path.startsWith(STORE));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('recognises each kind of offence', () => {
    const samples = [
      "import { DatabaseSync } from 'node:sqlite';",
      "import { all, int } from '../store/sql.ts';",
      'db.prepare(text)',
      "db.exec('BEGIN')",
      "const q = 'SELECT id, name FROM sites WHERE sld = ?';",
    ];
    expect(samples.map((sample, i) => RULES[i]?.[1].test(sample))).toEqual([true, true, true, true, true]);
  });

  it('keeps node:sqlite and SQL inside src/server/store/', () => {
    const offences: string[] = [];
    for (const path of files) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      for (const [rule, pattern] of RULES) if (pattern.test(text)) offences.push(`${relative('.', path)} ${rule}`);
    }
    expect(offences).toEqual([]);
  });
});
