/**
 * The facet values of each site's search items, held in memory the way search engines hold doc
 * values (Lucene's doc values, Solr's UnInvertedField), so counting the facets of a search that
 * matches 33,000 items is a pass over arrays instead of SQLite grouping 300,000 joined rows.
 * Read per site on its first search and again once the site's index version (search_versions,
 * moved by every rewrite of its index) has moved. Each item's kind and publish time are held too,
 * so the text index's matches of a search can be kept or left here (heldMatches) with the same rule
 * the store's query applies; the counts are over exactly the items the result list shows.
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const NONE = -1;

/** Strings numbered once per database: the arrays hold numbers, a count is an array slot. */
class Dictionary {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

/** Each row's values: value[start[row]] up to value[start[row + 1]]. */
type Multi = { start: Int32Array; value: Int32Array };

type SiteValues = {
  siteId: number;
  version: number;
  /** the row of search_docs id `first + i` is rowOf[i], NONE when it is not the site's (a site's ids lie close together) */
  first: number;
  rowOf: Int32Array;
  kind: string[];
  /** when the item becomes visible (the visibility rule compares it with now) */
  publishAt: string[];
  year: (number | null)[];
  journal: (number | null)[];
  column: (number | null)[];
  /** author names; `authorEn` beside each the English name of that row (NONE when none) */
  authors: Multi;
  authorEn: Int32Array;
  /** keyword keys: the entries of both keyword lists, ASCII case folded, as the keyword filter compares them */
  keywords: Multi;
  /** 1 where the key comes from the Chinese list, which the facet lists */
  keywordListed: Uint8Array;
};

type Held = {
  sites: Map<number, Promise<SiteValues>>;
  /** sites' values read so far: a read may change the text a keyword key shows */
  loads: number;
  names: Dictionary;
  keys: Dictionary;
  shown: Map<number, string>;
  /** counting slots kept between counts, all zero (authorEn all NONE) between them */
  scratch: Scratch;
};

/**
 * One slot per name and per keyword key of the database (hundreds of thousands at 100,000
 * articles): allocating and filling them on every count cost more than counting a few thousand
 * matches, so they are kept and a count puts back only the slots it touched.
 */
type Scratch = { authorCounts: Int32Array; authorEn: Int32Array; keywordCounts: Int32Array; listed: Uint8Array };

const newScratch = (names: number, keys: number): Scratch => ({
  authorCounts: new Int32Array(names),
  authorEn: new Int32Array(names).fill(NONE),
  keywordCounts: new Int32Array(keys),
  listed: new Uint8Array(keys),
});
const held = new WeakMap<Db, Held>();

/** SQL lower() folds only ASCII letters; so does the keyword filter, and so does this. */
export const asciiLower = (value: string) => value.replace(/[A-Z]/gu, (c) => c.toLowerCase());

/** SQLite compares text by its UTF-8 bytes: the order of code points, not of UTF-16 units. */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Growing arrays of each row's values, rows in order. */
class MultiBuilder {
  private readonly start: number[] = [0];
  readonly value: number[] = [];
  readonly extra: number[] = [];
  push(value: number, extra: number): void {
    this.value.push(value);
    this.extra.push(extra);
  }
  /** closes rows up to and including `row` */
  close(row: number): void {
    while (this.start.length <= row + 1) this.start.push(this.value.length);
  }
  build(rows: number): Multi & { extra: number[] } {
    this.close(rows - 1);
    return { start: Int32Array.from(this.start), value: Int32Array.from(this.value), extra: this.extra };
  }
}

/**
 * Items read per query while a site's values load: the rows of one read are garbage once counted,
 * so reading a big site whole (jmst at 100,000 articles: 500,000 rows) grew the heap by hundreds
 * of megabytes that the process kept; a few thousand items a read bound it.
 */
const LOAD_ITEMS = 200;

async function load(db: Db, state: Held, siteId: number, version: number): Promise<SiteValues> {
  state.loads++;
  const k = kysely(db);
  const docs = await k
    .selectFrom('search_docs')
    .select(['id', 'kind', 'publish_at', 'year', 'publication_id', 'column_id'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const first = docs[0]?.id ?? 0;
  const rowOf = new Int32Array(docs.length === 0 ? 0 : (docs.at(-1)?.id ?? 0) - first + 1).fill(NONE);
  for (const [row, doc] of docs.entries()) rowOf[doc.id - first] = row;
  const authors = new MultiBuilder();
  const keywords = new MultiBuilder();
  let row = NONE;
  let rowKeys = new Map<number, number>();
  const flush = () => {
    if (row === NONE) return;
    keywords.close(row - 1);
    for (const [key, listed] of rowKeys) keywords.push(key, listed);
    rowKeys = new Map();
  };
  for (let from = 0; from < docs.length; from += LOAD_ITEMS) {
    const last = docs[Math.min(from + LOAD_ITEMS, docs.length) - 1]?.id ?? first;
    const facets = await k
      .selectFrom('search_docs as d')
      .innerJoin('search_facets as f', 'f.doc_id', 'd.id')
      .select(['f.doc_id', 'f.facet', 'f.value', 'f.en_value'])
      .where('d.site_id', '=', siteId)
      .where('d.id', '>=', docs[from]?.id ?? first)
      .where('d.id', '<=', last)
      .where('f.facet', 'in', ['author', 'keyword', 'en_keyword'])
      .orderBy('f.doc_id')
      .execute();
    for (const facet of facets) {
      const next = rowOf[facet.doc_id - first] ?? NONE;
      if (next === NONE) continue;
      if (next !== row) {
        flush();
        row = next;
        authors.close(row - 1);
      }
      if (facet.facet === 'author') {
        authors.push(state.names.id(facet.value), facet.en_value === null ? NONE : state.names.id(facet.en_value));
        continue;
      }
      const key = state.keys.id(asciiLower(facet.value));
      const listed = facet.facet === 'keyword' ? 1 : 0;
      rowKeys.set(key, Math.max(rowKeys.get(key) ?? 0, listed));
      if (listed) {
        const shown = state.shown.get(key);
        if (shown === undefined || compareText(facet.value, shown) < 0) state.shown.set(key, facet.value);
      }
    }
  }
  flush();
  const authorRows = authors.build(docs.length);
  const keywordRows = keywords.build(docs.length);
  return {
    siteId,
    version,
    first,
    rowOf,
    kind: docs.map((doc) => doc.kind),
    publishAt: docs.map((doc) => doc.publish_at),
    year: docs.map((doc) => doc.year),
    journal: docs.map((doc) => doc.publication_id),
    column: docs.map((doc) => doc.column_id),
    authors: authorRows,
    authorEn: Int32Array.from(authorRows.extra),
    keywords: keywordRows,
    keywordListed: Uint8Array.from(keywordRows.extra),
  };
}

/** The facet values of these sites as their index is now: a read of their versions, and of a site's values when its version moved. */
async function sitesValues(db: Db, siteIds: readonly number[]): Promise<{ state: Held; sites: SiteValues[] }> {
  let state = held.get(db);
  if (!state) {
    state = {
      sites: new Map(),
      loads: 0,
      names: new Dictionary(),
      keys: new Dictionary(),
      shown: new Map(),
      scratch: newScratch(0, 0),
    };
    held.set(db, state);
  }
  const rows = await kysely(db)
    .selectFrom('search_versions')
    .select(['site_id', 'version'])
    .where('site_id', 'in', [...siteIds])
    .execute();
  const versions = new Map(rows.map((row) => [row.site_id, row.version]));
  const sites: SiteValues[] = [];
  for (const siteId of siteIds) {
    const version = versions.get(siteId) ?? 0;
    let values = state.sites.get(siteId);
    if (!values || (await values).version !== version) {
      values = load(db, state, siteId, version);
      state.sites.set(siteId, values);
      values.catch(() => state.sites.delete(siteId));
    }
    sites.push(await values);
  }
  return { state, sites };
}

/** Which items of a search the values held here can tell apart: its kinds, the visibility rule, a first year. */
export type HeldFilter = { kinds: readonly string[]; now: string; sinceYear: number | null };

/**
 * The ids of `matched` (search_docs ids of the whole index, any site) that are items of these
 * sites passing `filter`, answered from the values held in memory instead of joining each match
 * to its row: for a term matching 49,000 items the join cost three times the text index's lookup.
 */
export async function heldMatches(
  db: Db,
  siteIds: readonly number[],
  matched: Int32Array,
  filter: HeldFilter,
): Promise<Int32Array> {
  const { sites } = await sitesValues(db, siteIds);
  const kinds = new Set(filter.kinds);
  const kept = new Int32Array(matched.length);
  let at = 0;
  for (const id of matched) {
    for (const site of sites) {
      const row = site.rowOf[id - site.first] ?? NONE;
      if (row === NONE) continue;
      if (
        kinds.has(site.kind[row]!) &&
        site.publishAt[row]! <= filter.now &&
        (filter.sinceYear === null || (site.year[row] ?? Number.NEGATIVE_INFINITY) >= filter.sinceYear)
      )
        kept[at++] = id;
      break;
    }
  }
  return kept.slice(0, at);
}

/** Moves whenever a site's values are read; counts made before may show another text for a keyword. */
export const facetValuesGeneration = (db: Db): number => held.get(db)?.loads ?? 0;

export type FacetCounts = {
  years: Map<number, number>;
  journals: Map<number, number>;
  columns: Map<number, number>;
  /** the most frequent, largest count first, ties by value */
  authors: { value: string; enValue: string | null; n: number }[];
  keywords: { value: string; n: number }[];
};

/** The `size` largest counts (ties by text) of the slots `counted` lists, of those `include` allows. */
function top(
  counts: Int32Array,
  counted: readonly number[],
  size: number,
  text: (id: number) => string,
  include: (id: number) => boolean = () => true,
): number[] {
  const best: number[] = [];
  const before = (a: number, b: number) => counts[a]! - counts[b]! || compareText(text(b), text(a));
  for (const id of counted) {
    if (!include(id)) continue;
    if (best.length === size && before(id, best[size - 1]!) <= 0) continue;
    let at = best.length === size ? size - 1 : best.length;
    while (at > 0 && before(id, best[at - 1]!) > 0) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = id;
  }
  return best;
}

const add = (counts: Map<number, number>, key: number | null) => {
  if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
};

/**
 * Counts of the items `docIds` (search_docs ids of these sites) by year, journal, column, author
 * and keyword; each item counts a value once, and a keyword counts the items its filter finds
 * (either list, ASCII case aside).
 */
export async function countFacets(
  db: Db,
  siteIds: readonly number[],
  docIds: ArrayLike<number> & Iterable<number>,
  size: number,
): Promise<FacetCounts> {
  const { state, sites } = await sitesValues(db, siteIds);
  const years = new Map<number, number>();
  const journals = new Map<number, number>();
  const columns = new Map<number, number>();
  // the dictionaries only grow: a read of more values needs larger slots
  if (
    state.scratch.authorCounts.length < state.names.names.length ||
    state.scratch.keywordCounts.length < state.keys.names.length
  )
    state.scratch = newScratch(state.names.names.length, state.keys.names.length);
  const { authorCounts, authorEn, keywordCounts, listed } = state.scratch;
  // the slots counted at least once: the top lists look at these, not at every name of the database
  const countedAuthors: number[] = [];
  const countedKeywords: number[] = [];
  // an id is one site's (its search_docs row names one site), so counting site by site counts each once
  for (const site of sites) {
    const { rowOf, first, year, journal, column, authors, keywords, keywordListed } = site;
    const siteAuthorEn = site.authorEn;
    for (const id of docIds) {
      const row = rowOf[id - first] ?? NONE;
      if (row === NONE) continue;
      add(years, year[row] ?? null);
      add(journals, journal[row] ?? null);
      add(columns, column[row] ?? null);
      for (let i = authors.start[row]!, end = authors.start[row + 1]!; i < end; i++) {
        const name = authors.value[i]!;
        if (authorCounts[name]!++ === 0) countedAuthors.push(name);
        const en = siteAuthorEn[i]!;
        const known = authorEn[name]!;
        // the English name shown is the largest of the matched items', as SQL's max() picks
        if (
          en !== NONE &&
          known !== en &&
          (known === NONE || compareText(state.names.names[en]!, state.names.names[known]!) > 0)
        )
          authorEn[name] = en;
      }
      for (let i = keywords.start[row]!, end = keywords.start[row + 1]!; i < end; i++) {
        const key = keywords.value[i]!;
        if (keywordCounts[key]!++ === 0) countedKeywords.push(key);
        if (keywordListed[i]) listed[key] = 1;
      }
    }
  }
  const name = (id: number) => state.names.names[id] ?? '';
  const shown = (key: number) => state.shown.get(key) ?? state.keys.names[key] ?? '';
  const counts: FacetCounts = {
    years,
    journals,
    columns,
    authors: top(authorCounts, countedAuthors, size, name).map((id) => {
      const en = authorEn[id]!;
      return { value: name(id), enValue: en === NONE ? null : name(en), n: authorCounts[id]! };
    }),
    keywords: top(keywordCounts, countedKeywords, size, shown, (key) => listed[key] === 1).map((key) => ({
      value: shown(key),
      n: keywordCounts[key]!,
    })),
  };
  // nothing was awaited since the slots were taken: no other count saw them
  for (const id of countedAuthors) {
    authorCounts[id] = 0;
    authorEn[id] = NONE;
  }
  for (const key of countedKeywords) {
    keywordCounts[key] = 0;
    listed[key] = 0;
  }
  return counts;
}
