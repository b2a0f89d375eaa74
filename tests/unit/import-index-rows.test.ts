/** An import rewrites the search index and grant rows of what it wrote, and of nothing else. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { importContent } from '../../src/server/import/index.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';

type Json = Record<string, unknown>;
const NOW = '2026-11-01T00:00:00.000Z';
const LATER = '2026-11-02T00:00:00.000Z';
const CORRECTED = '10.3788/AOS.2026.01.001';
const UNTOUCHED = '10.3788/AOS.2026-00001';

function goodFile(): Json {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-good.json'), 'utf8')) as Json;
  const [first, second] = file['articles'] as Json[];
  Object.assign(first ?? {}, { fund: '国家自然科学基金（52172101）' });
  Object.assign(second ?? {}, { fund: 'National Natural Science Foundation of China (No. 52172102)' });
  return file;
}

const correction = {
  site: { sld: 'jos', name: '光学学报', enName: 'Journal of Optics' },
  articles: [{ doi: CORRECTED, enTitle: 'Holographic metalens focusing', fund: '国家自然科学基金（52172199）' }],
};

describe('an import correcting one article', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-index-rows-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const articleId = (doi: string) => Number(db.prepare('SELECT id FROM articles WHERE doi = ?').get(doi)?.['id']);
  /** The article's index and grant rows with their row ids: equal ids mean the rows were left alone. */
  const rowsOf = (doi: string) => {
    const id = articleId(doi);
    return {
      docs: db
        .prepare("SELECT id, updated_at, citations FROM search_docs WHERE kind = 'article' AND ref_id = ?")
        .all(id),
      text: db
        .prepare(
          "SELECT t.rowid AS rowid, t.title FROM search_text t JOIN search_docs d ON d.id = t.rowid WHERE d.kind = 'article' AND d.ref_id = ?",
        )
        .all(id),
      facets: db
        .prepare(
          "SELECT f.doc_id, f.facet, f.value FROM search_facets f JOIN search_docs d ON d.id = f.doc_id WHERE d.kind = 'article' AND d.ref_id = ? ORDER BY f.facet, f.value",
        )
        .all(id),
      grants: db
        .prepare(
          "SELECT rowid, relation_key AS grant_number FROM article_relation_keys WHERE kind = 'grant' AND article_id = ? ORDER BY rowid",
        )
        .all(id),
    };
  };
  const otherDocs = () =>
    db.prepare("SELECT id, kind, ref_id, citations FROM search_docs WHERE kind <> 'article' ORDER BY id").all();
  /**
   * Marks the rows an import must leave alone with values no rewrite would give them (a rewrite of
   * the site reuses the same row ids, so ids alone cannot tell).
   */
  const mark = () => {
    db.prepare("UPDATE search_docs SET citations = 4242 WHERE kind <> 'article' OR ref_id = ?").run(
      articleId(UNTOUCHED),
    );
    db.prepare(
      "INSERT INTO article_relation_keys (kind, relation_key, site_id, article_id) SELECT 'grant', 'MARK', site_id, id FROM articles WHERE id = ?",
    ).run(articleId(UNTOUCHED));
  };
  const search = async (q: string) => {
    const siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id'] ?? 0);
    const parsed = parseSimpleSearch(new URLSearchParams({ q }));
    if (!parsed.ok) throw new Error(q);
    return (await simpleSearch(db, { siteId, now: new Date(LATER) }, parsed.value)).total;
  };

  it("rewrites that article's index and grant rows only; search finds the corrected title, not the old one", async () => {
    await importContent(db, goodFile(), NOW);
    mark();
    const untouched = rowsOf(UNTOUCHED);
    const others = otherDocs();
    const before = rowsOf(CORRECTED);
    expect(untouched.grants.map((row) => row['grant_number'])).toEqual(['52172102', 'MARK']);
    expect(before.grants).toEqual([expect.objectContaining({ grant_number: '52172101' })]);
    expect(others.length).toBeGreaterThan(0);
    expect(await search('imaging')).toBe(1);
    expect(await search('metalens')).toBe(0);

    expect(await importContent(db, correction, LATER)).toMatchObject({ added: 0, updated: 1 });

    // the other article, the journal, the news items and media keep their very rows
    expect(rowsOf(UNTOUCHED)).toEqual(untouched);
    expect(otherDocs()).toEqual(others);
    // the corrected one has new rows: its new title and grant, the old grant gone
    const after = rowsOf(CORRECTED);
    expect(after.docs).toEqual([expect.objectContaining({ updated_at: LATER, citations: 0 })]);
    expect(after.grants).toEqual([expect.objectContaining({ grant_number: '52172199' })]);
    expect(after.facets.length).toBe(before.facets.length);
    expect(await search('metalens')).toBe(1);
    expect(await search('imaging')).toBe(0);
  });

  it('an import changing nothing leaves every index and grant row as it was', async () => {
    await importContent(db, goodFile(), NOW);
    mark();
    const rows = [rowsOf(CORRECTED), rowsOf(UNTOUCHED), otherDocs()];
    expect(await importContent(db, goodFile(), LATER)).toMatchObject({ added: 0, updated: 0 });
    expect([rowsOf(CORRECTED), rowsOf(UNTOUCHED), otherDocs()]).toEqual(rows);
  });
});
