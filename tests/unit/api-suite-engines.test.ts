/**
 * The API suite runs on both engines (the api and api-postgres projects of vitest.config.ts): an
 * API file outside ENGINE_SPECIFIC_API_FILES may not reach SQLite's synchronous paths, which throw
 * on PostgreSQL, but reads and arranges rows through tests/fixtures/rows.ts and the store functions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_SPECIFIC_API_FILES } from '../api/engine-specific-files.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const SQLITE_ONLY: [string, RegExp][] = [
  ['imports the synchronous row readers (src/server/store/sql.ts)', /store\/sql\.ts'/],
  ['opens a SQLite file (openDb)', /\bopenDb\(/],
  ['prepares a statement or runs SQL text on node:sqlite', /\b(?:db|demo\.db|api\.db|store)\s*\.(?:prepare|exec)\(/],
  ['imports node:sqlite', /from 'node:sqlite'/],
  ['rebuilds the search index synchronously (SQLite only)', /\breindexSitesNow\(/],
];

const sqliteOnlyUses = (text: string) => SQLITE_ONLY.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);

describe('the API suite on both engines', () => {
  it('recognises the synchronous SQLite paths and leaves the engine-neutral ones alone', () => {
    expect(sqliteOnlyUses("import { one } from '../../src/server/store/sql.ts';")).toHaveLength(1);
    expect(sqliteOnlyUses("const row = api.demo.db.prepare('SELECT 1').get();")).toHaveLength(1);
    expect(sqliteOnlyUses("const db = openDb(':memory:');")).toHaveLength(1);
    expect(sqliteOnlyUses("const row = await row(api.demo.db, 'SELECT 1');")).toEqual([]);
    expect(sqliteOnlyUses('const id = /(\\d+)/.exec(text)?.[1];')).toEqual([]);
  });

  it('every API file outside the engine-specific list is engine-neutral', () => {
    const files = readdirSync(join(ROOT, 'tests', 'api'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `tests/api/${name}`)
      .filter((path) => !ENGINE_SPECIFIC_API_FILES.includes(path));
    const bound = files.flatMap((path) =>
      sqliteOnlyUses(readFileSync(join(ROOT, path), 'utf8')).map((what) => `${path}: ${what}`),
    );
    expect(bound).toEqual([]);
  });

  it('lists only API files that exist', () => {
    expect(ENGINE_SPECIFIC_API_FILES.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
