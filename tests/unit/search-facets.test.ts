/**
 * search_facets, the values result pages count: migration 010 fills it from an index built before
 * it with the same rows the index writer writes, and an item counts a value once, so a facet's
 * count is the number of results its filter gives.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { simpleSearch, simpleSearchClusters } from '../../src/server/search/service.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { reindexSitesNow } from '../../src/server/store/bulk/search-index.ts';
import { type Db, openDb, transaction } from '../../src/server/store/db.ts';

let db: Db;
beforeAll(async () => {
  db = openDb(':memory:');
  await seedDemo(db, { articles: 120 });
});
afterAll(() => db.close());

const facetRows = () =>
  db.prepare('SELECT doc_id, facet, value, en_value FROM search_facets ORDER BY doc_id, facet, value').all();
const search = (params: Record<string, string>) => {
  const parsed = parseSimpleSearch(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`bad search ${JSON.stringify(params)}`);
  return parsed.value;
};
const scope = { siteId: 1, now: new Date() };

describe('search_facets', () => {
  it('is filled by migration 010 as the index writer fills it', () => {
    const written = facetRows();
    expect(written.some((row) => row['facet'] === 'author')).toBe(true);
    expect(written.some((row) => row['facet'] === 'keyword')).toBe(true);
    const migration = readFileSync(
      new URL('../../src/server/store/migrations/sqlite/010_search_facets.sql', import.meta.url),
      'utf8',
    );
    db.exec('DROP TABLE search_facets');
    db.exec(migration);
    expect(facetRows()).toEqual(written);
  });

  it('counts a keyword listed twice on an article once, as its filter finds the article once', async () => {
    const row = db
      .prepare(
        "SELECT id, keywords FROM articles WHERE site_id = 1 AND status <> 'draft' AND keywords LIKE '%;%' ORDER BY id LIMIT 1",
      )
      .get();
    const keyword = String(row?.['keywords']).split(';')[0]!;
    db.prepare('UPDATE articles SET keywords = ? WHERE id = ?').run(
      `${keyword}；${row?.['keywords']}`,
      Number(row?.['id']),
    );
    transaction(db, () => reindexSitesNow(db, [1]));
    const clusters = await simpleSearchClusters(db, scope, search({ q: keyword }));
    const counted = clusters.keyword.find((value) => value.value === keyword);
    expect(counted?.count).toBe((await simpleSearch(db, scope, search({ q: keyword, keyword }))).total);
  });

  it('filters by a whole entry of the English keyword list too, whatever its ASCII case', async () => {
    const row = db
      .prepare(
        "SELECT id, title, en_keywords FROM articles WHERE site_id = 1 AND status <> 'draft' AND en_keywords LIKE '%;%' LIMIT 1",
      )
      .get();
    const enKeyword = String(row?.['en_keywords']).split(';')[1]!.trim();
    const found = await simpleSearch(
      db,
      scope,
      search({ q: String(row?.['title']), keyword: enKeyword.toUpperCase(), size: '100' }),
    );
    expect(found.content.map((hit) => hit.id)).toContain(Number(row?.['id']));
    const part = await simpleSearch(
      db,
      scope,
      search({ q: String(row?.['title']), keyword: enKeyword.slice(0, -1), size: '100' }),
    );
    expect(part.content.map((hit) => hit.id)).not.toContain(Number(row?.['id']));
  });
});
