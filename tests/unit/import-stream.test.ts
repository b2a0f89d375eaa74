/**
 * The import read as a stream checks a file exactly as the whole-file check does: every problem,
 * each with its record's position, in the same order, and nothing written when there is one.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkImportFile, checkImportStream } from '../../src/server/import/check.ts';
import { formatProblem, ImportError, importJsonFile, UnreadableJson } from '../../src/server/import/index.ts';
import { streamImportJson } from '../../src/server/import/stream.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';

type Json = Record<string, unknown>;
const good = (): Json =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-good.json'), 'utf8')) as Json;

/** The good fixture with 38 more articles (distinct DOIs), a bad one at the start, in the middle and at the end. */
function faulty(): Json {
  const file = good();
  const own = file['articles'] as Json[];
  const articles = [
    ...own,
    ...Array.from({ length: 38 }, (_, n) => ({ ...own[0], doi: `10.3788/AOS.2026.01.${100 + n}` })),
  ];
  articles[0] = { ...articles[0], title: 'x'.repeat(1001) };
  articles[20] = { ...articles[20], doi: 'not-a-doi' };
  articles[39] = { ...articles[39], period: { year: 2030, issue: 9 } };
  return { ...file, articles, news: [...(file['news'] as Json[]), { key: 'late', title: 42 }] };
}

describe('the streaming import check', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-stream-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const streamed = async (path: string) => {
    const result = await checkImportStream(db, streamImportJson(createReadStream(path)));
    return result.problems.map(formatProblem);
  };

  it('reports every problem with its record, at the start, middle and end, as the whole-file check does', async () => {
    const file = faulty();
    const problems = await streamed(write('faulty.json', JSON.stringify(file, null, 2)));
    expect(problems).toEqual((await checkImportFile(db, file)).problems.map(formatProblem));
    expect(problems).toEqual([
      'record articles[0]: field title: a title has at most 1,000 characters (this one has 1,001)',
      expect.stringMatching(/^record articles\[20\]: field doi: expected a DOI/),
      expect.stringMatching(/^record news\[2\]: field title: /),
      'record articles[39]: field period: unknown period 2030/9 of ISSN 0253-2239 (list it under periods)',
    ]);
  });

  it('finds the outline problems of the whole-file check: an unknown key, a section that is not a list, no object', async () => {
    for (const file of [{ ...good(), extra: [1, 2] }, { ...good(), news: { key: 'n' } }, [good()], 'text']) {
      const problems = await streamed(write('outline.json', JSON.stringify(file)));
      expect(problems.length).toBeGreaterThan(0);
      expect(problems).toEqual((await checkImportFile(db, file)).problems.map(formatProblem));
    }
  });

  it('keeps the same checked records as the whole-file check, and imports them', async () => {
    const path = write('good.json', JSON.stringify(good()));
    const result = await checkImportStream(db, streamImportJson(createReadStream(path)));
    expect(result.problems).toEqual([]);
    expect(result.file).toEqual((await checkImportFile(db, good())).file);
    const summary = await importJsonFile(db, path, '2026-11-01T00:00:00.000Z');
    expect(summary).toMatchObject({ articles: 2, news: 2, added: expect.any(Number) });
    expect(db.prepare('SELECT COUNT(*) AS n FROM articles').get()?.['n']).toBe(2);
  });

  it('refuses a faulty file before writing anything, and names text that is not JSON or a missing file', async () => {
    const before = db.prepare('SELECT COUNT(*) AS n FROM articles').get()?.['n'];
    await expect(importJsonFile(db, write('faulty.json', JSON.stringify(faulty())))).rejects.toBeInstanceOf(
      ImportError,
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM articles').get()?.['n']).toBe(before);
    await expect(
      importJsonFile(db, write('broken.json', '{"site": {"sld": "x"}, "articles": [{]')),
    ).rejects.toBeInstanceOf(UnreadableJson);
    await expect(importJsonFile(db, join(dir, 'missing.json'))).rejects.toBeInstanceOf(UnreadableJson);
  });
});
