import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { isRanked, matchedDocs, type SearchSort, type StoreSearch } from './match.ts';
import { ensureSearchReady } from './ready.ts';

export type SearchPage = { total: number; hits: { kind: string; id: number }[] };

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
  ensureSearchReady(db);
  const ranked = isRanked(search, sort);
  const query = matchedDocs(db, search, ranked);
  let ordered = query.select(['d.kind', 'd.ref_id', (eb) => eb.fn.countAll<number>().over().as('total')]);
  if (ranked) ordered = ordered.orderBy(sql`m.score`);
  const byColumn = {
    date: 'd.published_date',
    views: 'd.views',
    downloads: 'd.downloads',
    citations: 'd.citations',
    updated: 'd.updated_at',
  } as const;
  if (sort !== 'relevance') ordered = ordered.orderBy(byColumn[sort], 'desc');
  const rows = await ordered
    .orderBy('d.published_date', 'desc')
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
