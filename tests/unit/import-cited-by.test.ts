/**
 * An import recounts the cited-by rollup of exactly the articles its written articles cite now or
 * cited before, and of the written articles themselves; every other article's row stays as it is.
 * A citing article counts from its publish time, as everything else the public sees.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { importContent } from '../../src/server/import/index.ts';
import { startPublishJob } from '../../src/server/publish-job.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';

const NOW = '2026-11-01T00:00:00.000Z';
const LATER = '2026-11-02T00:00:00.000Z';
const ISSN = '0253-2239';

const article = (doi: string, title: string, references: string[] = []) => ({
  issn: ISSN,
  doi,
  title,
  period: { year: 2026, issue: 1 },
  publishedDate: '2026-01-10',
  authors: [{ name: '王光', institutions: [] }],
  references: references.map((ref) => ({ text: `Cited work ${ref}`, doi: ref })),
});
const file = (articles: unknown[]) => ({
  site: { sld: 'citedby', name: '引证刊', enName: 'Cited Journal' },
  publications: [{ issn: ISSN, name: '引证刊', enName: 'Cited Journal' }],
  periods: [{ issn: ISSN, year: 2026, volume: 1, issue: 1, publishDate: '2026-01-10' }],
  articles,
});

let dir: string;
let db: Db;
const countOf = (doi: string) =>
  db.prepare('SELECT cited_by FROM articles WHERE doi = ?').get(doi)?.['cited_by'] as number | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-cited-by-'));
  db = openDb(join(dir, 'portal.db'));
  await importContent(
    db,
    file([
      article('10.9999/cb.a', 'Cited A'),
      article('10.9999/cb.b', 'Cited B'),
      article('10.9999/cb.c', 'Cited C'),
      article('10.9999/cb.unrelated', 'Unrelated'),
      article('10.9999/cb.citer', 'Citer', ['10.9999/cb.a', '10.9999/cb.b']),
      article('10.9999/cb.other', 'Other citer', ['10.9999/CB.b', '10.9999/cb.later']),
    ]),
    NOW,
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a changed reference list moves the counts of the articles cited before and after, and no other row', async () => {
  expect([countOf('10.9999/cb.a'), countOf('10.9999/cb.b'), countOf('10.9999/cb.c')]).toEqual([1, 2, 0]);
  // a count no import of the citing article can move
  db.prepare("UPDATE articles SET cited_by = 7 WHERE doi = '10.9999/cb.unrelated'").run();

  await importContent(db, file([article('10.9999/cb.citer', 'Citer', ['10.9999/cb.b', '10.9999/cb.c'])]), LATER);

  expect([countOf('10.9999/cb.a'), countOf('10.9999/cb.b'), countOf('10.9999/cb.c')]).toEqual([0, 2, 1]);
  expect(countOf('10.9999/cb.unrelated')).toBe(7);
});

it('a new article whose DOI other articles already cite starts with their count', async () => {
  await importContent(db, file([article('10.9999/cb.LATER', 'Published later')]), LATER);
  expect(countOf('10.9999/cb.LATER')).toBe(1);
});

it('a scheduled citing article counts only once its time comes, recounted by the publish job', async () => {
  await importContent(
    db,
    file([
      { ...article('10.9999/cb.scheduled', 'Scheduled citer', ['10.9999/cb.c']), publishAt: '2099-01-01T00:00:00Z' },
    ]),
    LATER,
  );
  expect(countOf('10.9999/cb.c')).toBe(0);

  const job = startPublishJob({
    db,
    owner: 'server a',
    intervalMs: 60_000,
    sendDigests: async () => 0,
    now: () => new Date('2099-01-01T00:00:30Z'),
  });
  try {
    // its first look covers the last interval, in which the citing article's time came
    expect(await job.tick()).toMatchObject({ published: [expect.any(Number)] });
  } finally {
    job.stop();
  }
  expect(countOf('10.9999/cb.c')).toBe(1);
});
