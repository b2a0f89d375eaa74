/**
 * Rewrites the search index rows of the items a write named (the articles an import or the seed
 * wrote, with their figures; news items; media; a site's journals), inside the write's
 * transaction, so the index never disagrees with the content and the rows of every other item stay
 * as they are. Portable queries; only the tokens' table is the engine's (search-text.ts).
 */
import { sql } from 'kysely';
import { addDomainWords } from '../../search/segmenter.ts';
import { idChunks } from './id-chunks.ts';
import type { Tx } from './insert.ts';
import {
  articleDoc,
  type Doc,
  docRow,
  docText,
  figureDoc,
  mediaDoc,
  newsDoc,
  publicationDoc,
  type Row,
} from './search-index.ts';
import { deleteSearchText, insertSearchText, type TextRow } from './search-text.ts';

/** What to index again on one site: ids by kind, or `site` for every item of the site. */
export type IndexedItems =
  | { articles: readonly number[]; news: readonly number[]; media: readonly number[]; publications: boolean }
  | 'site';

const FIGURE_KINDS = ['picture', 'table'];
const MEDIA_KINDS = ['video', 'audio', 'other'];

let allKeywordsLoaded = false;

const keywordAdder = (words: Set<string>) => (value: string | null) => {
  for (const word of value?.split(/[;；,，]/u) ?? []) if (word.trim()) words.add(word.trim());
};

async function addEveryArticleKeyword(q: Tx, add: (value: string | null) => void): Promise<void> {
  for (const row of await q.selectFrom('articles').select('keywords').where('keywords', 'is not', null).execute())
    add(row.keywords);
  allKeywordsLoaded = true;
}

/** Every article's and site's keywords join the segmenter's domain words (before a process's first search). */
export async function loadEveryDomainWord(q: Tx): Promise<void> {
  const words = new Set<string>();
  const add = keywordAdder(words);
  await addEveryArticleKeyword(q, add);
  for (const row of await q.selectFrom('sites').select('keywords').where('keywords', 'is not', null).execute())
    add(row.keywords);
  addDomainWords(words);
}

/**
 * Chinese is cut with the journals' keywords as words (the segmenter's domain words), so every
 * keyword the index may meet is known before it tokenizes: all of them once per process (as a
 * search does), then the keywords the write brought.
 */
async function loadDomainWords(trx: Tx, siteId: number, articleIds: readonly number[] | null): Promise<void> {
  const words = new Set<string>();
  const add = keywordAdder(words);
  if (!allKeywordsLoaded || articleIds === null) await addEveryArticleKeyword(trx, add);
  else
    for (const ids of idChunks(articleIds))
      for (const row of await trx.selectFrom('articles').select('keywords').where('id', 'in', ids).execute())
        add(row.keywords);
  for (const row of await trx.selectFrom('sites').select('keywords').where('id', '=', siteId).execute())
    add(row.keywords);
  addDomainWords(words);
}

/** A site's ids of one table, in `order` then id. */
async function siteIdsOf(
  trx: Tx,
  table: 'publications' | 'articles' | 'figures' | 'media' | 'news',
  siteId: number,
  order: OrderBy | null,
): Promise<number[]> {
  let query = trx.selectFrom(table).select('id').where('site_id', '=', siteId);
  if (order) query = query.orderBy(sql.ref(order.column), order.direction);
  return (await query.orderBy('id').execute()).map((row) => Number(row.id));
}

type OrderBy = { column: string; direction: 'asc' | 'desc' };

/** The item ids to write, each kind in the order a whole site's index has always been written. */
async function siteItems(trx: Tx, siteId: number) {
  return {
    publications: await siteIdsOf(trx, 'publications', siteId, null),
    articles: await siteIdsOf(trx, 'articles', siteId, { column: 'citations', direction: 'desc' }),
    figures: await siteIdsOf(trx, 'figures', siteId, { column: 'kind', direction: 'asc' }),
    media: await siteIdsOf(trx, 'media', siteId, { column: 'import_key', direction: 'asc' }),
    news: await siteIdsOf(trx, 'news', siteId, { column: 'import_key', direction: 'asc' }),
  };
}

/** The figures and tables of these articles (their rows follow the article's status and dates). */
async function figuresOf(trx: Tx, articleIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of idChunks(articleIds))
    for (const row of await trx
      .selectFrom('figures')
      .select('id')
      .where('article_id', 'in', chunk)
      .orderBy('kind')
      .orderBy('id')
      .execute())
      ids.push(Number(row.id));
  return ids;
}

type Items = {
  publications: readonly number[];
  articles: readonly number[];
  figures: readonly number[];
  media: readonly number[];
  news: readonly number[];
};

/** The index rows of these items as they are now (their tokens' rows have the same ids). */
async function docIdsOf(trx: Tx, siteId: number, items: Items): Promise<number[]> {
  const found: number[] = [];
  const collect = async (kinds: string[], ids: readonly number[]) => {
    for (const chunk of idChunks(ids))
      for (const row of await trx
        .selectFrom('search_docs')
        .select('id')
        .where('site_id', '=', siteId)
        .where('kind', 'in', kinds)
        .where('ref_id', 'in', chunk)
        .execute())
        found.push(Number(row.id));
  };
  await collect(['publication'], items.publications);
  await collect(['article'], items.articles);
  await collect(FIGURE_KINDS, items.figures);
  await collect(MEDIA_KINDS, items.media);
  await collect(['news'], items.news);
  return found;
}

async function deleteDocs(trx: Tx, docIds: readonly number[]): Promise<void> {
  for (const chunk of idChunks(docIds)) {
    await deleteSearchText(trx, chunk);
    await trx.deleteFrom('search_facets').where('doc_id', 'in', chunk).execute();
    await trx.deleteFrom('search_docs').where('id', 'in', chunk).execute();
  }
}

const joinNames = (rows: { name: string | null; en_name: string | null }[]) =>
  rows.map((row) => `${row.name ?? ''} ${row.en_name ?? ''}`).join(' ; ');

/** Articles as the index reads them: the row with its authors' and institutions' names. */
type IdRow = Row & { id: number };

async function articleRows(trx: Tx, ids: number[]): Promise<IdRow[]> {
  const rows = await trx
    .selectFrom('articles as a')
    .leftJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'a.id',
      'a.site_id',
      'a.publication_id',
      'a.column_id',
      'a.doi',
      'a.title',
      'a.en_title',
      'a.abstract',
      'a.en_abstract',
      'a.keywords',
      'a.en_keywords',
      'a.status',
      'a.open_access',
      'a.first_page',
      'a.last_page',
      'a.published_date',
      'a.views',
      'a.downloads',
      'a.citations',
      'a.updated_at',
      'a.publish_at',
      'p.year',
      'p.issue',
    ])
    .where('a.id', 'in', ids)
    .where('a.status', '<>', 'draft')
    .where('a.removed_at', 'is', null)
    .execute();
  const authors = await trx
    .selectFrom('authors')
    .select(['article_id', 'name', 'en_name'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  const institutions = await trx
    .selectFrom('institutions')
    .select(['article_id', 'name', 'en_name'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  const byArticle = <T extends { article_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.article_id, [...(map.get(item.article_id) ?? []), item]);
    return map;
  };
  const authorsOf = byArticle(authors);
  const institutionsOf = byArticle(institutions);
  return rows.map((row) => {
    const names = authorsOf.get(row.id) ?? [];
    return {
      ...row,
      author_names: joinNames(names),
      author_list: JSON.stringify(names.map((u) => [u.name, u.en_name])),
      institution_names: joinNames(institutionsOf.get(row.id) ?? []),
    };
  });
}

const figureRows = (trx: Tx, ids: number[]): Promise<IdRow[]> =>
  trx
    .selectFrom('figures as f')
    .innerJoin('articles as a', 'a.id', 'f.article_id')
    .leftJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'f.id',
      'f.kind',
      'f.site_id',
      'f.caption',
      'f.en_caption',
      'a.publication_id',
      'a.published_date',
      'a.publish_at',
      'p.year',
    ])
    .where('f.id', 'in', ids)
    .where('a.status', '<>', 'draft')
    .where('a.removed_at', 'is', null)
    .execute();

const mediaRows = (trx: Tx, ids: number[]): Promise<IdRow[]> =>
  trx
    .selectFrom('media')
    .select(['id', 'kind', 'site_id', 'title', 'en_title', 'description', 'en_description', 'published_date'])
    .where('id', 'in', ids)
    .execute();

const newsRows = (trx: Tx, ids: number[]): Promise<IdRow[]> =>
  trx
    .selectFrom('news')
    .select(['id', 'site_id', 'title', 'en_title', 'summary', 'en_summary', 'published_at', 'publish_at', 'views'])
    .where('id', 'in', ids)
    .where('draft', '=', 0)
    .execute();

const publicationRows = (trx: Tx, ids: number[]): Promise<IdRow[]> =>
  trx
    .selectFrom('publications')
    .select(['id', 'site_id', 'name', 'en_name', 'abbreviation', 'sponsor', 'en_sponsor', 'issn', 'eissn', 'cn'])
    .where('id', 'in', ids)
    .execute();

/** Writes the items' docs in the order of `ids` (rows the reader leaves out are not indexed). */
async function writeDocs(
  trx: Tx,
  ids: readonly number[],
  read: (trx: Tx, chunk: number[]) => Promise<IdRow[]>,
  toDoc: (row: Row) => Doc,
): Promise<number> {
  let written = 0;
  for (const chunk of idChunks(ids)) {
    const byId = new Map((await read(trx, chunk)).map((row) => [row.id, row]));
    const docs = [...new Set(chunk)].flatMap((id) => {
      const row = byId.get(id);
      return row ? [toDoc(row)] : [];
    });
    if (docs.length === 0) continue;
    // one statement for the chunk's rows; their ids found by item, not by the order of RETURNING
    const inserted = await trx
      .insertInto('search_docs')
      .values(docs.map(docRow))
      .returning(['id', 'kind', 'ref_id'])
      .execute();
    const docIdOf = new Map(inserted.map((row) => [`${row.kind}:${row.ref_id}`, Number(row.id)]));
    const texts: TextRow[] = [];
    const facets: { doc_id: number; facet: string; value: string; en_value: string | null }[] = [];
    for (const doc of docs) {
      const docId = docIdOf.get(`${doc.kind}:${doc.refId}`) ?? 0;
      texts.push({ id: docId, ...docText(doc) });
      for (const facet of doc.facets ?? [])
        facets.push({ doc_id: docId, facet: facet.facet, value: facet.value, en_value: facet.enValue });
      written++;
    }
    await insertSearchText(trx, texts);
    // a value listed twice on one item counts once; the first English name of an author stays
    for (let start = 0; start < facets.length; start += FACETS_PER_STATEMENT)
      await trx
        .insertInto('search_facets')
        .values(facets.slice(start, start + FACETS_PER_STATEMENT))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  return written;
}

const FACETS_PER_STATEMENT = 500;

/**
 * Replaces the index rows of these items of one site with their content as it is now, and moves
 * the site's index version (processes read its facet values again). Answers the rows written.
 */
export async function reindexItems(trx: Tx, siteId: number, items: IndexedItems): Promise<number> {
  const wholeSite = items === 'site';
  await loadDomainWords(trx, siteId, wholeSite ? null : items.articles);
  const ids: Items = wholeSite
    ? await siteItems(trx, siteId)
    : {
        publications: items.publications
          ? (
              await trx.selectFrom('publications').select('id').where('site_id', '=', siteId).orderBy('id').execute()
            ).map((row) => Number(row.id))
          : [],
        articles: items.articles,
        figures: await figuresOf(trx, items.articles),
        media: items.media,
        news: items.news,
      };
  const stale = wholeSite
    ? (await trx.selectFrom('search_docs').select('id').where('site_id', '=', siteId).execute()).map((row) =>
        Number(row.id),
      )
    : await docIdsOf(trx, siteId, ids);
  await deleteDocs(trx, stale);
  await trx
    .insertInto('search_versions')
    .values({ site_id: siteId, version: 1 })
    .onConflict((oc) => oc.column('site_id').doUpdateSet((eb) => ({ version: eb('search_versions.version', '+', 1) })))
    .execute();
  let written = await writeDocs(trx, ids.publications, publicationRows, publicationDoc);
  written += await writeDocs(trx, ids.articles, articleRows, articleDoc);
  written += await writeDocs(trx, ids.figures, figureRows, figureDoc);
  written += await writeDocs(trx, ids.media, mediaRows, mediaDoc);
  written += await writeDocs(trx, ids.news, newsRows, newsDoc);
  return written;
}
