/**
 * What the search index holds of each item (migration 004): its search_docs row (docRow) and its
 * tokens (docText), which search-index-items.ts writes for either engine inside the seed's or
 * import's transaction. Texts are tokenized here (tokensForIndex through indexText). The
 * synchronous rebuild of a whole SQLite index below serves tests and the search bench.
 */
import { plainText } from '../../../lib/plain-text.ts';
import { indexText } from '../../search/match.ts';
import { addDomainWords } from '../../search/segmenter.ts';
import type { Db } from '../db.ts';
import { splitList, statement } from '../sql.ts';
import { ALWAYS_VISIBLE } from '../visibility.ts';

export type Row = Record<string, unknown>;

const text = (row: Row, ...keys: string[]) =>
  keys
    .map((key) => row[key])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    // titles and abstracts may hold <sub>, <i>: tokens come from the text, not the markup
    .map((value) => plainText(value))
    .join(' ');
const num = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : null;
const yearOf = (date: unknown): number | null =>
  typeof date === 'string' && /^\d{4}/u.test(date) ? Number(date.slice(0, 4)) : null;

export type Doc = {
  kind: string;
  refId: number;
  siteId: number;
  publicationId?: number | null;
  columnId?: number | null;
  year: number | null;
  publishedDate: string | null;
  onlineFirst?: boolean;
  openAccess?: boolean;
  issue?: number | null;
  firstPage?: number | null;
  lastPage?: number | null;
  views?: number;
  downloads?: number;
  citations?: number;
  updatedAt?: string | null;
  /** from when the public may find it (src/server/store/visibility.ts); absent: always */
  publishAt?: string;
  title: string;
  keyword?: string;
  author?: string;
  institution?: string;
  abstract?: string;
  identifier?: string;
  /** search_facets: authors (with the English name) and keywords, counted and filtered by */
  facets?: Facet[];
};

type Facet = { facet: 'author' | 'keyword' | 'en_keyword'; value: string; enValue: string | null };
const listed = (row: Row, key: string, facet: Facet['facet']): Facet[] =>
  splitList(typeof row[key] === 'string' ? row[key] : null).map((value) => ({ facet, value, enValue: null }));

function articleFacets(row: Row): Facet[] {
  const authors = JSON.parse(typeof row['author_list'] === 'string' ? row['author_list'] : '[]') as [
    string | null,
    string | null,
  ][];
  return [
    ...authors.flatMap(([name, enName]) =>
      name?.trim() ? [{ facet: 'author' as const, value: name, enValue: enName }] : [],
    ),
    ...listed(row, 'keywords', 'keyword'),
    ...listed(row, 'en_keywords', 'en_keyword'),
  ];
}

const ARTICLES = `SELECT a.id, a.site_id, a.publication_id, a.column_id, a.doi, a.title, a.en_title, a.abstract, a.en_abstract,
    a.keywords, a.en_keywords, a.status, a.open_access, a.first_page, a.last_page, a.published_date, a.views, a.downloads,
    a.citations, a.updated_at, a.publish_at, p.year, p.issue,
    (SELECT group_concat(coalesce(u.name, '') || ' ' || coalesce(u.en_name, ''), ' ; ') FROM authors u WHERE u.article_id = a.id) AS author_names,
    (SELECT json_group_array(json_array(u.name, u.en_name)) FROM authors u WHERE u.article_id = a.id) AS author_list,
    (SELECT group_concat(coalesce(i.name, '') || ' ' || coalesce(i.en_name, ''), ' ; ') FROM institutions i WHERE i.article_id = a.id) AS institution_names
  FROM articles a LEFT JOIN periods p ON p.id = a.period_id
  WHERE a.site_id = ? AND a.status <> 'draft' AND a.removed_at IS NULL`;
const FIGURES = `SELECT f.id, f.kind, f.site_id, f.caption, f.en_caption, a.publication_id, a.published_date, a.publish_at, p.year
  FROM figures f JOIN articles a ON a.id = f.article_id LEFT JOIN periods p ON p.id = a.period_id
  WHERE f.site_id = ? AND a.status <> 'draft' AND a.removed_at IS NULL`;
const MEDIA =
  'SELECT id, kind, site_id, title, en_title, description, en_description, published_date FROM media WHERE site_id = ?';
const NEWS =
  'SELECT id, site_id, title, en_title, summary, en_summary, published_at, publish_at, views FROM news WHERE site_id = ? AND draft = 0';
const PUBLICATIONS = `SELECT id, site_id, name, en_name, abbreviation, sponsor, en_sponsor, issn, eissn, cn FROM publications WHERE site_id = ?`;

export function articleDoc(row: Row): Doc {
  return {
    kind: 'article',
    refId: Number(row['id']),
    siteId: Number(row['site_id']),
    publicationId: num(row['publication_id']),
    columnId: num(row['column_id']),
    year: num(row['year']) ?? yearOf(row['published_date']),
    publishedDate: (row['published_date'] as string | null) ?? null,
    onlineFirst: row['status'] === 'online-first',
    openAccess: row['open_access'] !== 0,
    issue: num(row['issue']),
    firstPage: num(row['first_page']),
    lastPage: num(row['last_page']),
    views: num(row['views']) ?? 0,
    downloads: num(row['downloads']) ?? 0,
    citations: num(row['citations']) ?? 0,
    updatedAt: (row['updated_at'] as string | null) ?? null,
    publishAt: String(row['publish_at']),
    title: text(row, 'title', 'en_title'),
    keyword: text(row, 'keywords', 'en_keywords'),
    author: text(row, 'author_names'),
    institution: text(row, 'institution_names'),
    abstract: text(row, 'abstract', 'en_abstract'),
    identifier: text(row, 'doi'),
    facets: articleFacets(row),
  };
}

export function figureDoc(row: Row): Doc {
  return {
    kind: String(row['kind']),
    refId: Number(row['id']),
    siteId: Number(row['site_id']),
    publicationId: num(row['publication_id']),
    year: num(row['year']) ?? yearOf(row['published_date']),
    publishedDate: (row['published_date'] as string | null) ?? null,
    publishAt: String(row['publish_at']),
    title: text(row, 'caption', 'en_caption'),
  };
}

export function mediaDoc(row: Row): Doc {
  return {
    kind: String(row['kind']),
    refId: Number(row['id']),
    siteId: Number(row['site_id']),
    year: yearOf(row['published_date']),
    publishedDate: (row['published_date'] as string | null) ?? null,
    title: text(row, 'title', 'en_title'),
    abstract: text(row, 'description', 'en_description'),
  };
}

export function newsDoc(row: Row): Doc {
  return {
    kind: 'news',
    refId: Number(row['id']),
    siteId: Number(row['site_id']),
    year: yearOf(row['published_at']),
    publishedDate: (row['published_at'] as string | null) ?? null,
    views: num(row['views']) ?? 0,
    publishAt: String(row['publish_at']),
    title: text(row, 'title', 'en_title'),
    abstract: text(row, 'summary', 'en_summary'),
  };
}

export function publicationDoc(row: Row): Doc {
  const cn = typeof row['cn'] === 'string' && row['cn'] !== '' ? `CN ${row['cn']}` : '';
  return {
    kind: 'publication',
    refId: Number(row['id']),
    siteId: Number(row['site_id']),
    publicationId: Number(row['id']),
    year: null,
    publishedDate: null,
    title: text(row, 'name', 'en_name', 'abbreviation'),
    institution: text(row, 'sponsor', 'en_sponsor'),
    identifier: [text(row, 'issn', 'eissn'), cn].join(' '),
  };
}

/** The search_docs row of an item (its id is the engine's). */
export function docRow(doc: Doc) {
  return {
    kind: doc.kind,
    ref_id: doc.refId,
    site_id: doc.siteId,
    publication_id: doc.publicationId ?? null,
    column_id: doc.columnId ?? null,
    year: doc.year,
    published_date: doc.publishedDate,
    online_first: doc.onlineFirst ? 1 : 0,
    open_access: doc.openAccess === false ? 0 : 1,
    issue: doc.issue ?? null,
    first_page: doc.firstPage ?? null,
    last_page: doc.lastPage ?? null,
    views: doc.views ?? 0,
    downloads: doc.downloads ?? 0,
    citations: doc.citations ?? 0,
    updated_at: doc.updatedAt ?? null,
    publish_at: doc.publishAt ?? ALWAYS_VISIBLE,
  };
}

/** The item's text columns as tokens: FTS5's search_text here, a tsvector's input on PostgreSQL. */
export function docText(doc: Doc) {
  return {
    title: indexText(doc.title),
    keyword: indexText(doc.keyword ?? ''),
    author: indexText(doc.author ?? ''),
    institution: indexText(doc.institution ?? ''),
    abstract: indexText(doc.abstract ?? ''),
    identifier: indexText(doc.identifier ?? ''),
  };
}

const INSERT_DOC = `INSERT INTO search_docs (kind, ref_id, site_id, publication_id, column_id, year, published_date, online_first,
    open_access, issue, first_page, last_page, views, downloads, citations, updated_at, publish_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
// a value listed twice on one item counts once; the first English name of an author stays
const INSERT_FACET = 'INSERT OR IGNORE INTO search_facets (doc_id, facet, value, en_value) VALUES (?, ?, ?, ?)';
const INSERT_TEXT =
  'INSERT INTO search_text (rowid, title, keyword, author, institution, abstract, identifier) VALUES (?, ?, ?, ?, ?, ?, ?)';

function writeDoc(db: Db, doc: Doc): void {
  const id = statement(db, INSERT_DOC).run(...Object.values(docRow(doc))).lastInsertRowid;
  statement(db, INSERT_TEXT).run(id, ...Object.values(docText(doc)));
  for (const facet of doc.facets ?? []) statement(db, INSERT_FACET).run(id, facet.facet, facet.value, facet.enValue);
}

/** Keywords of every journal's articles and of the sites: the domain words of the segmenter. */
function domainKeywordsNow(db: Db): string[] {
  const words = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    for (const word of value.split(/[;；,，]/u)) if (word.trim()) words.add(word.trim());
  };
  for (const row of statement(db, 'SELECT keywords FROM articles WHERE keywords IS NOT NULL').iterate())
    add(row['keywords']);
  for (const row of statement(db, 'SELECT keywords FROM sites WHERE keywords IS NOT NULL').all()) add(row['keywords']);
  return [...words];
}

/**
 * @internal SQLite only, for tests and the search bench (the seed, imports and a missing index use
 * reindexItems). Replaces the index rows of these sites (all sites when none are named) with their
 * content as it is now. Call it inside the transaction that changed the content. Domain words are
 * loaded first, so index and later queries cut Chinese the same way.
 */
export function reindexSitesNow(db: Db, siteIds?: readonly number[]): number {
  addDomainWords(domainKeywordsNow(db));
  const ids =
    siteIds ??
    statement(db, 'SELECT id FROM sites ORDER BY id')
      .all()
      .map((row) => Number(row['id']));
  let written = 0;
  for (const siteId of ids) {
    statement(db, 'DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_docs WHERE site_id = ?)').run(siteId);
    statement(db, 'DELETE FROM search_facets WHERE doc_id IN (SELECT id FROM search_docs WHERE site_id = ?)').run(
      siteId,
    );
    statement(db, 'DELETE FROM search_docs WHERE site_id = ?').run(siteId);
    // facet values held in memory are read again by every process once this moves
    statement(
      db,
      'INSERT INTO search_versions (site_id, version) VALUES (?, 1) ON CONFLICT (site_id) DO UPDATE SET version = version + 1',
    ).run(siteId);
    const sources: [string, (row: Row) => Doc][] = [
      [PUBLICATIONS, publicationDoc],
      [ARTICLES, articleDoc],
      [FIGURES, figureDoc],
      [MEDIA, mediaDoc],
      [NEWS, newsDoc],
    ];
    for (const [sql, toDoc] of sources) {
      for (const row of statement(db, sql).iterate(siteId)) {
        writeDoc(db, toDoc(row));
        written++;
      }
    }
  }
  if (siteIds === undefined) optimizeTextIndexNow(db);
  return written;
}

/**
 * FTS5: merges the text index's segments into one. A rebuild leaves the new rows spread over
 * many segments (and the old rows' deletions in others), which every query then merges term by
 * term; merged, a query of many terms reads each term's list once. Run after a whole rebuild.
 */
function optimizeTextIndexNow(db: Db): void {
  statement(db, "INSERT INTO search_text (search_text) VALUES ('optimize')").run();
}
