/**
 * A search's matches are read from the text index alone and kept or left by the values held in
 * memory (kinds, visibility, a first year) instead of joining every match to its row. Its pages,
 * totals and facet counts must be exactly the full ranking's: every match joined to its row, BM25
 * order, ties newest first, then by id.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlan } from '../../src/server/search/tokens.ts';
import { matchedDocs } from '../../src/server/store/search/match.ts';
import { type StoreSearch, searchDocuments, searchFacets } from '../../src/server/store/search.ts';
import { countFacets } from '../../src/server/store/search-facet-values.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { recordStatements } from '../fixtures/query-plans.ts';

let demo: DemoDb;
beforeAll(async () => {
  demo = await createDemoDb({ articles: 400 });
});
afterAll(() => demo.cleanup());

const storeSearch = (text: string, siteIds: number[], more: Partial<StoreSearch> = {}): StoreSearch => ({
  siteIds,
  kinds: ['article'],
  clauses: [{ op: 'AND', criterion: { kind: 'text', plan: queryPlan(text), columns: [] } }],
  sinceYear: null,
  onlineFirst: null,
  openAccess: null,
  years: [],
  journals: [],
  columns: [],
  keywords: [],
  authors: [],
  ...more,
});

/** The full ranking: every match joined to its row and sorted by SQLite. */
async function fullRanking(search: StoreSearch) {
  const rows = await matchedDocs(demo.db, search, true)
    .select(['d.id', 'd.kind', 'd.ref_id'])
    .orderBy(sql`m.score`)
    .orderBy('d.published_date', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return { ids: rows.map((row) => row.id), hits: rows.map((row) => ({ kind: row.kind, id: row.ref_id })) };
}

const SEARCHES: StoreSearch[] = [
  storeSearch('材料', [1]),
  storeSearch('合金', [1]),
  storeSearch('alloy', [1]),
  storeSearch('corrosion', [1]),
  storeSearch('shape memory', [1]),
  storeSearch('材料', [2, 1, 3]),
  // a site holding few of the index's matches
  storeSearch('材料', [4]),
  storeSearch('材料', [1], { sinceYear: 2022 }),
  storeSearch('材料', [1], { kinds: ['article', 'picture'] }),
  // a filter the held values do not answer: its matches are joined
  storeSearch('材料', [1], { openAccess: true }),
];

describe("a search's matches filtered by the values held in memory", () => {
  it('gives every page and total of the full ranking, first search and again', async () => {
    let compared = 0;
    for (const search of SEARCHES) {
      const full = await fullRanking(search);
      const label = JSON.stringify({ ...search, clauses: undefined });
      expect(full.hits.length, label).toBeGreaterThan(0);
      const pages = Math.ceil(full.hits.length / 20);
      // a fresh search (new kinds key) for each first page asked, then the rest from the kept set
      for (const first of [1, Math.min(3, pages), pages]) {
        const fresh = { ...search, kinds: [...search.kinds, `fresh-${first}`] };
        for (const page of [first, ...Array.from({ length: Math.min(pages, 6) }, (_, i) => i + 1)]) {
          const got = await searchDocuments(demo.db, fresh, 'relevance', page, 20);
          expect(got, `${label} page ${page}`).toEqual({
            total: full.hits.length,
            hits: full.hits.slice((page - 1) * 20, page * 20),
          });
          compared += got.hits.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('counts the facets over exactly the joined matches', async () => {
    for (const search of SEARCHES) {
      const full = await fullRanking(search);
      const facets = await searchFacets(demo.db, search);
      const expected = await countFacets(demo.db, search.siteIds, Int32Array.from(full.ids), 20);
      const years = [...expected.years].sort((a, b) => b[0] - a[0]).slice(0, 20);
      expect(facets.year.map((row) => [Number(row.value), row.count])).toEqual(years);
      expect(facets.keyword.map((row) => ({ value: row.value, n: row.count }))).toEqual(expected.keywords);
      expect(facets.author.map((row) => ({ value: row.value, enValue: row.enName, n: row.count }))).toEqual(
        expected.authors,
      );
    }
  });

  it('finds items written after the values were read, in the order of items that score alike', async () => {
    // 150 items of one text on site 1 and 100 on site 2, all scoring the same: the page's order is
    // by date, newest first (no date last), then by id
    const insertDoc = demo.db.prepare(
      "INSERT INTO search_docs (kind, ref_id, site_id, published_date) VALUES ('article', ?, ?, ?)",
    );
    const insertText = demo.db.prepare(
      "INSERT INTO search_text (rowid, title, keyword, author, institution, abstract, identifier) VALUES (?, 'zzqtie', '', '', '', '', '')",
    );
    for (let i = 0; i < 250; i++) {
      const site = i % 5 < 3 ? 1 : 2;
      const date = i % 7 === 0 ? null : `20${10 + (i % 13)}-0${1 + (i % 9)}-15`;
      const { lastInsertRowid } = insertDoc.run(900_000 + i, site, date);
      insertText.run(lastInsertRowid);
    }
    demo.db.prepare('UPDATE search_versions SET version = version + 1').run();
    const search = storeSearch('zzqtie', [1]);
    const full = await fullRanking(search);
    expect(full.hits).toHaveLength(150);
    for (const page of [1, 2, 8]) {
      expect(await searchDocuments(demo.db, search, 'relevance', page, 20)).toEqual({
        total: 150,
        hits: full.hits.slice((page - 1) * 20, page * 20),
      });
    }
  });

  it("reads a term's matches from the text index without joining them to their rows", async () => {
    const search = storeSearch('材料', [1], { kinds: ['article', 'first-page'] });
    const full = await fullRanking(search);
    expect(full.hits.length).toBeGreaterThan(100);
    const statements = await recordStatements(async () => {
      expect(await searchDocuments(demo.db, search, 'relevance', 1, 20)).toEqual({
        total: full.hits.length,
        hits: full.hits.slice(0, 20),
      });
    });
    const matching = statements.filter((s) => /\bMATCH\b/.test(s.sql));
    // the id list from the index alone, and the page's ranking
    expect(matching.filter((s) => !/search_docs/.test(s.sql))).toHaveLength(1);
    expect(matching).toHaveLength(2);
  });
});
