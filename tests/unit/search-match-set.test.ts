/**
 * Issue 27: a search's matches are read once as an id list that the result list's total, its
 * relevance-ranked pages and the facets share, kept while the index and the clock allow. The
 * pages must be exactly what the former single query gave (BM25 order, ties newest first), on the
 * first search and from memory, and an item whose publish time comes must show without any write.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlan } from '../../src/server/search/tokens.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { matchedDocs } from '../../src/server/store/search/match.ts';
import { type StoreSearch, searchDocuments } from '../../src/server/store/search.ts';
import { recordStatements } from '../fixtures/query-plans.ts';

let db: Db;
beforeAll(async () => {
  db = openDb(':memory:');
  await seedDemo(db, { articles: 400 });
});
afterAll(() => db.close());

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

/** The former query: BM25 over the matches, a window count for the total (counted apart past the end), one page. */
async function formerPage(search: StoreSearch, page: number, size: number) {
  const rows = await matchedDocs(db, search, true)
    .select(['d.kind', 'd.ref_id', (eb) => eb.fn.countAll<number>().over().as('total')])
    .orderBy(sql`m.score`)
    .orderBy('d.published_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const hits = rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
  if (rows.length > 0 || page === 1) return { total: Number(rows[0]?.total ?? 0), hits };
  const count = await matchedDocs(db, search, false)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { total: Number(count?.n ?? 0), hits };
}

describe('the match set of a search', () => {
  it('gives the same relevance order and total as the former query, read fresh and from memory', async () => {
    const searches = [
      storeSearch('材料', [1]),
      storeSearch('合金', [1]),
      storeSearch('alloy', [1]),
      storeSearch('shape memory', [1]),
      storeSearch('材料', [2, 1, 3]),
      storeSearch('材料', [1], { sinceYear: 2020 }),
    ];
    let compared = 0;
    for (const search of searches) {
      const first = await formerPage(search, 1, 20);
      expect(first.total, JSON.stringify(search.clauses)).toBeGreaterThan(0);
      for (const page of [1, 2, 3]) {
        const former = await formerPage(search, page, 20);
        expect(await searchDocuments(db, search, 'relevance', page, 20)).toEqual(former);
        expect(await searchDocuments(db, search, 'relevance', page, 20)).toEqual(former);
        compared += former.hits.length;
      }
      const past = Math.ceil(first.total / 20) + 1;
      expect(await searchDocuments(db, search, 'relevance', past, 20)).toEqual({ total: first.total, hits: [] });
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("searches the text index at most twice on a search's first page (its matches, its best items), whichever page comes first, in the former order", async () => {
    const searches = [
      storeSearch('材料', [1]),
      storeSearch('合金', [1]),
      storeSearch('alloy', [1]),
      storeSearch('材料', [2, 1, 3]),
      storeSearch('材料', [1], { sinceYear: 2020 }),
    ];
    for (const search of searches) {
      for (const page of [2, 1]) {
        const former = await formerPage(search, page, 20);
        expect(former.hits.length, JSON.stringify(search.clauses)).toBeGreaterThan(0);
        const fresh = { ...search, kinds: [...search.kinds, `fresh-${page}`] };
        const statements = await recordStatements(async () => {
          expect(await searchDocuments(db, fresh, 'relevance', page, 20)).toEqual(former);
        });
        expect(statements.filter((s) => /\bMATCH\b/.test(s.sql)).length).toBeLessThanOrEqual(2);
        expect(await searchDocuments(db, fresh, 'relevance', page, 20)).toEqual(former);
      }
    }
  });

  it('shows a scheduled item once its publish time comes, with no write to the index', async () => {
    const search = storeSearch('材料', [1]);
    const before = await searchDocuments(db, search, 'relevance', 1, 20);
    const item = before.hits[0]!;
    // the item is scheduled a moment ahead; an edit rewrites the index and moves its version
    const publishAt = new Date(Date.now() + 1500).toISOString();
    db.prepare("UPDATE search_docs SET publish_at = ? WHERE kind = 'article' AND ref_id = ?").run(publishAt, item.id);
    db.prepare('UPDATE search_versions SET version = version + 1').run();
    const scheduled = await searchDocuments(db, search, 'relevance', 1, 20);
    expect(scheduled.total).toBe(before.total - 1);
    expect(scheduled.hits).not.toContainEqual(item);
    await expect
      .poll(() => searchDocuments(db, search, 'relevance', 1, 20), { timeout: 10_000, interval: 50 })
      .toEqual(before);
  });
});
