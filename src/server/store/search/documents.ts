import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { isRanked, matchedDocs, type SearchSort, type StoreSearch } from './match.ts';
import { matchSet } from './match-set.ts';
import { ensureSearchReady } from './ready.ts';
import { textIndexOf } from './text-index.ts';

export type SearchPage = { total: number; hits: { kind: string; id: number }[] };

/**
 * A page of a relevance-ranked search: BM25 order (ties by date, newest first), its total the
 * length of the search's match set, which the facets share, the page remembered with that set.
 */
async function rankedPage(db: Db, search: StoreSearch, page: number, size: number): Promise<SearchPage> {
  const name = `page ${page} ${size}`;
  const set = await matchSet(db, search, { page, size, name });
  const newestFirst = textIndexOf(db.engine).newestFirst;
  const total = set.ids.length;
  if ((page - 1) * size >= total) return { total, hits: [] };
  const hits = await set.remember(name, async () => {
    const rows = await matchedDocs(db, search, true)
      .select(['d.kind', 'd.ref_id'])
      .orderBy(sql`m.score`)
      .orderBy('d.published_date', newestFirst)
      .orderBy('d.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
  });
  return { total, hits };
}

/**
 * One page (1-based) of matching items, sorted, and how many match in all. The total comes with the
 * page (a window count over the same matches), so the text index is searched once; only a page
 * past the end asks for the count apart.
 */
export async function searchDocuments(
  db: Db,
  search: StoreSearch,
  sort: SearchSort,
  page: number,
  size: number,
): Promise<SearchPage> {
  await ensureSearchReady(db);
  const ranked = isRanked(db, search, sort);
  const newestFirst = textIndexOf(db.engine).newestFirst;
  if (ranked) return rankedPage(db, search, page, size);
  const query = matchedDocs(db, search, ranked);
  let ordered = query.select(['d.kind', 'd.ref_id', (eb) => eb.fn.countAll<number>().over().as('total')]);
  const byColumn = {
    date: 'd.published_date',
    views: 'd.views',
    downloads: 'd.downloads',
    citations: 'd.citations',
    updated: 'd.updated_at',
  } as const;
  if (sort !== 'relevance') ordered = ordered.orderBy(byColumn[sort], newestFirst);
  const rows = await ordered
    .orderBy('d.published_date', newestFirst)
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const hits = rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
  if (rows.length > 0) return { total: Number(rows[0]!.total), hits };
  if (page === 1) return { total: 0, hits };
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { total: Number(count?.n ?? 0), hits };
}
