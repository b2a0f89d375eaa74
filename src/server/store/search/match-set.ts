/**
 * The items a search matches as one list of search_docs ids, shared by the result list's total,
 * its relevance-ranked pages and the facets, and kept per process while it stays true. A common
 * term matches most of a site (材料: 33,000 of jmst's 40,000 articles), and reading those matches
 * row by row cost more than the search itself; one id list read once serves every part of the page
 * and the pages after it.
 *
 * A search whose filters the held values answer (search-facet-values.ts: kinds, visibility, a
 * first year) reads its matches from the text index alone and keeps those of its sites there: for
 * a term matching 49,000 items of the index, joining each to its row cost three times the lookup.
 *
 * An entry stays true while no site's index version moves (a rewrite of any site's index changes
 * every site's BM25 scores, which weigh a term by the whole index) and no scheduled item of the
 * searched sites has reached its publish time since the entry was made.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';
import { heldMatches } from '../search-facet-values.ts';
import { visibilityNow } from '../visibility.ts';
import { combinedMatch, indexMatchIdList, matchedDocs, matchedIdList, type StoreSearch } from './match.ts';
import { textIndexOf } from './text-index.ts';

/** Entries kept per connection; a list of 40,000 ids takes 160 KB. */
const ENTRIES_MAX = 64;

export type MatchSet = {
  /** the matching items' search_docs ids, in no particular order */
  ids: Int32Array;
  /** `compute`'s answer for this search, made once while the match set stays true */
  remember<T>(name: string, compute: () => Promise<T>): Promise<T>;
};

type Made = {
  /** the first publish time to come, after the set was made, of the searched sites' items; null when none */
  validUntil: string | null;
  set: MatchSet;
};
type Entry = { versions: string; made: Promise<Made> };

type Held = { entries: Map<string, Entry>; scheduled: Map<string, { versions: string; next: Promise<string | null> }> };
const held = new WeakMap<Db, Held>();

const COMMA = 44;
const ZERO = 48;

/** "3,17,42" as numbers, without a string per id (33,000 ids parse in well under a millisecond). */
function parseIdList(text: string | null): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) count++;
  const ids = new Int32Array(count);
  let at = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA) {
      ids[at++] = value;
      value = 0;
    } else value = value * 10 + code - ZERO;
  }
  ids[at] = value;
  return ids;
}

async function indexVersions(db: Db): Promise<string> {
  const rows = await kysely(db)
    .selectFrom('search_versions')
    .select(['site_id', 'version'])
    .orderBy('site_id')
    .execute();
  return rows.map((row) => `${row.site_id}:${row.version}`).join(',');
}

/**
 * The first publish time after `now` of these sites' items, remembered while the index versions
 * stay and that time has not come (no item of theirs becomes visible before it).
 */
async function nextPublish(
  db: Db,
  state: Held,
  siteIds: readonly number[],
  versions: string,
  now: string,
): Promise<string | null> {
  const key = siteIds.join(',');
  const known = state.scheduled.get(key);
  if (known && known.versions === versions) {
    const time = await known.next;
    if (time === null || now < time) return time;
  }
  const next = kysely(db)
    .selectFrom('search_docs')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .where('site_id', 'in', [...siteIds])
    .where('publish_at', '>', now)
    .executeTakeFirst()
    .then((row) => row?.next ?? null);
  state.scheduled.set(key, { versions, next });
  next.catch(() => state.scheduled.delete(key));
  return next;
}

function newSet(ids: Int32Array): MatchSet {
  const remembered = new Map<string, Promise<unknown>>();
  return {
    ids,
    remember<T>(name: string, compute: () => Promise<T>): Promise<T> {
      let answer = remembered.get(name) as Promise<T> | undefined;
      if (!answer) {
        answer = compute();
        remembered.set(name, answer);
        answer.catch(() => remembered.delete(name));
      }
      return answer;
    },
  };
}

/** A page of a relevance-ranked search: which one, and where its items are remembered in the set. */
type RankedPage = { page: number; size: number; name: string };
type Hit = { kind: string; id: number };

/**
 * The id list and one relevance-ranked page in one statement: the matches (and their BM25 scores)
 * are found once, kept by the statement, and both read from them. Apart, the text index was
 * searched and its matches joined twice, and a common term's first search paid for both.
 */
async function idsAndPage(
  db: Db,
  search: StoreSearch,
  ranked: RankedPage,
): Promise<{ ids: string | null; hits: Hit[] }> {
  const newestFirst = textIndexOf(db.engine).newestFirst;
  const rows = await kysely(db)
    .with(
      (cte) => cte('matched').materialized(),
      () =>
        matchedDocs(db, search, true).select([
          'd.id',
          'd.kind',
          'd.ref_id',
          'd.published_date',
          sql<number>`m.score`.as('score'),
        ]),
    )
    .selectFrom('matched')
    .select([
      matchedIdList(db, 'matched.id').as('ids'),
      sql<string | null>`NULL`.as('kind'),
      sql<number>`0`.as('ref_id'),
      sql<number>`0`.as('position'),
    ])
    .unionAll((eb) =>
      eb
        .selectFrom(
          // the page as the relevance order has it: BM25 (lower is better), ties newest first
          eb
            .selectFrom('matched')
            .select(['kind', 'ref_id', 'score', 'published_date', 'id'])
            .orderBy('score')
            .orderBy('published_date', newestFirst)
            .orderBy('id', 'desc')
            .limit(ranked.size)
            .offset((ranked.page - 1) * ranked.size)
            .as('top'),
        )
        .select([
          sql<string | null>`NULL`.as('ids'),
          'top.kind',
          'top.ref_id',
          sql<number>`row_number() OVER (ORDER BY top.score, top.published_date ${textIndexOf(db.engine).newestFirstSql}, top.id DESC)`.as(
            'position',
          ),
        ]),
    )
    .execute();
  const hits = rows
    .filter((row) => row.kind !== null)
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ kind: row.kind ?? '', id: row.ref_id }));
  return { ids: rows.find((row) => row.kind === null)?.ids ?? null, hits };
}

/** A search whose filters the values held in memory answer (search-facet-values.ts): its matches need no join. */
const heldFiltersOnly = (search: StoreSearch) =>
  search.onlineFirst === null &&
  search.openAccess === null &&
  search.years.length === 0 &&
  search.journals.length === 0 &&
  search.columns.length === 0 &&
  search.keywords.length === 0 &&
  search.authors.length === 0;

async function make(
  db: Db,
  state: Held,
  search: StoreSearch,
  versions: string,
  now: string,
  ranked: RankedPage | null,
): Promise<Made> {
  // the publish time is read before the matches, so an item published in between ends the entry
  const validUntil = await nextPublish(db, state, search.siteIds, versions, now);
  const match = combinedMatch(db.engine, search.clauses);
  if (match !== null && heldFiltersOnly(search)) {
    const matched = parseIdList(await indexMatchIdList(db, match));
    const ids = await heldMatches(db, search.siteIds, matched, {
      kinds: search.kinds,
      now,
      sinceYear: search.sinceYear,
    });
    return { validUntil, set: newSet(ids) };
  }
  if (ranked) {
    const both = await idsAndPage(db, search, ranked);
    const set = newSet(parseIdList(both.ids));
    void set.remember(ranked.name, async () => both.hits);
    return { validUntil, set };
  }
  const row = await matchedDocs(db, search, false).select(matchedIdList(db).as('ids')).executeTakeFirst();
  return { validUntil, set: newSet(parseIdList(row?.ids ?? null)) };
}

/**
 * The match set of a search as the index and the clock are now. `ranked`: the relevance-ranked page
 * the caller will ask for, read with the matches when the set is made.
 */
export async function matchSet(db: Db, search: StoreSearch, ranked: RankedPage | null = null): Promise<MatchSet> {
  let state = held.get(db);
  if (!state) {
    state = { entries: new Map(), scheduled: new Map() };
    held.set(db, state);
  }
  const key = JSON.stringify(search);
  const versions = await indexVersions(db);
  const entry = state.entries.get(key);
  if (entry && entry.versions === versions) {
    const made = await entry.made;
    if (made.validUntil === null || visibilityNow() < made.validUntil) {
      state.entries.delete(key);
      state.entries.set(key, entry);
      return made.set;
    }
  }
  const entries = state.entries;
  const made = make(db, state, search, versions, visibilityNow(), ranked);
  entries.set(key, { versions, made });
  made.catch(() => entries.delete(key));
  if (entries.size > ENTRIES_MAX) entries.delete(entries.keys().next().value ?? '');
  return (await made).set;
}
