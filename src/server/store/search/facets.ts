import type { SearchClusters } from '../../../content/types.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';
import { countFacets, facetValuesGeneration } from '../search-facet-values.ts';
import type { StoreSearch } from './match.ts';
import { matchSet } from './match-set.ts';
import { ensureSearchReady } from './ready.ts';

const FACET_SIZE = 20;

type Counted = { id: number; n: number };

/** The counts by id, largest first (ties by id), of the ids that have a name. */
function topNamed<T extends { id: number }>(counts: Map<number, number>, named: readonly T[]): (T & Counted)[] {
  return named
    .map((row) => ({ ...row, n: counts.get(row.id) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.id - b.id)
    .slice(0, FACET_SIZE);
}

/**
 * Counts of the matching items by year, journal, column, keyword and author, exact over every
 * match: the store's query finds the matches (the match set the result list counts), and the
 * values held in memory (search-facet-values.ts) count them.
 */
export async function searchFacets(db: Db, search: StoreSearch): Promise<SearchClusters> {
  await ensureSearchReady(db);
  const k = kysely(db);
  const set = await matchSet(db, search);
  // the counts stay with the match set; a read of facet values in between may change a keyword's text
  const counts = await set.remember(`facets ${FACET_SIZE} ${facetValuesGeneration(db)}`, () =>
    countFacets(db, search.siteIds, set.ids, FACET_SIZE),
  );
  const journals =
    counts.journals.size === 0
      ? []
      : await k
          .selectFrom('publications')
          .select(['id', 'name', 'en_name'])
          .where('id', 'in', [...counts.journals.keys()])
          .execute();
  const columns =
    counts.columns.size === 0
      ? []
      : await k
          .selectFrom('columns')
          .select(['id', 'name', 'en_name'])
          .where('id', 'in', [...counts.columns.keys()])
          .execute();
  return {
    year: [...counts.years]
      .sort((a, b) => b[0] - a[0])
      .slice(0, FACET_SIZE)
      .map(([year, n]) => ({ value: String(year), name: String(year), enName: null, count: n })),
    journal: topNamed(counts.journals, journals).map((row) => ({
      value: String(row.id),
      name: row.name,
      enName: row.en_name,
      count: row.n,
    })),
    column: topNamed(counts.columns, columns).map((row) => ({
      value: String(row.id),
      name: row.name,
      enName: row.en_name,
      count: row.n,
    })),
    keyword: counts.keywords.map((row) => ({ value: row.value, name: row.value, enName: null, count: row.n })),
    author: counts.authors.map((row) => ({ value: row.value, name: row.value, enName: row.enValue, count: row.n })),
  };
}
