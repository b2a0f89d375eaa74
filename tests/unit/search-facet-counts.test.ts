/**
 * Issue 27: the facets are counted from values held in memory; they must say what the store
 * finds. Every value a facet lists counts exactly the results its filter gives, the lists are the
 * largest counts, and a rewrite of a site's index (an import) shows in the next search's facets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClusters } from '../../src/content/types.ts';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { simpleSearch, simpleSearchClusters } from '../../src/server/search/service.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { reindexSitesNow } from '../../src/server/store/bulk/search-index.ts';
import { type Db, openDb, transaction } from '../../src/server/store/db.ts';

let db: Db;
beforeAll(async () => {
  db = openDb(':memory:');
  await seedDemo(db, { articles: 300 });
});
afterAll(() => db.close());

const search = (params: Record<string, string>) => {
  const parsed = parseSimpleSearch(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`bad search ${JSON.stringify(params)}`);
  return parsed.value;
};
const FILTER: Record<keyof SearchClusters, string> = {
  year: 'pubYear',
  journal: 'journal',
  column: 'column',
  keyword: 'keyword',
  author: 'author',
};

/** Every listed value of every facet: its count against the total its filter finds. */
async function mismatches(siteId: number, q: string): Promise<string[]> {
  const scope = { siteId, now: new Date() };
  const clusters = await simpleSearchClusters(db, scope, search({ q }));
  const found: string[] = [];
  for (const facet of Object.keys(FILTER) as (keyof SearchClusters)[]) {
    expect(clusters[facet].length, `${q}: ${facet}`).toBeGreaterThan(0);
    for (const value of clusters[facet]) {
      const { total } = await simpleSearch(db, scope, search({ q, [FILTER[facet]]: value.value }));
      if (total !== value.count) found.push(`${q} ${facet} ${value.value}: facet ${value.count}, filter ${total}`);
    }
  }
  return found;
}

describe('search facets at any size', () => {
  it('count for each listed value exactly the results its filter finds, on a journal site and a group site', async () => {
    const found = [
      ...(await mismatches(1, '材料')),
      ...(await mismatches(1, 'alloy')),
      ...(await mismatches(1, 'shape memory')),
      ...(await mismatches(2, '材料')),
    ];
    expect(found).toEqual([]);
  });

  it('list the most frequent authors, largest first, as a count over every match finds them', async () => {
    const scope = { siteId: 1, now: new Date() };
    const q = '材料';
    const clusters = await simpleSearchClusters(db, scope, search({ q }));
    const { total } = await simpleSearch(db, scope, search({ q }));
    // brute force: every matched article's authors (a name once per article), from the content tables
    const hits = await simpleSearch(db, scope, search({ q, size: '100' }));
    const ids = new Set<number>();
    for (let page = 1; ids.size < total; page++) {
      const more = page === 1 ? hits : await simpleSearch(db, scope, search({ q, size: '100', page: String(page) }));
      for (const hit of more.content) ids.add(hit.id);
      if (more.content.length === 0) break;
    }
    const counts = new Map<string, number>();
    for (const id of ids) {
      const names = new Set(
        db
          .prepare("SELECT name FROM authors WHERE article_id = ? AND trim(name) <> ''")
          .all(id)
          .map((row) => String(row['name'])),
      );
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const expected = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 20);
    expect(clusters.author.map((value) => [value.value, value.count])).toEqual(expected);
  });

  it("show a rewrite of a site's index (an import) in the next search", async () => {
    const scope = { siteId: 1, now: new Date() };
    const before = await simpleSearchClusters(db, scope, search({ q: '材料' }));
    expect(before.keyword.some((value) => value.value === '量子隧穿涂层')).toBe(false);
    const ids = db
      .prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 30")
      .all()
      .map((row) => Number(row['id']));
    for (const id of ids)
      db.prepare(
        "UPDATE articles SET title = title || ' 材料', keywords = '量子隧穿涂层;' || keywords WHERE id = ?",
      ).run(id);
    transaction(db, () => reindexSitesNow(db, [1]));
    const after = await simpleSearchClusters(db, scope, search({ q: '材料' }));
    expect(after.keyword.find((value) => value.value === '量子隧穿涂层')?.count).toBe(30);
  });
});
