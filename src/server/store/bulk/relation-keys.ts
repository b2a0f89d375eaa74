/**
 * The keys an article page's relation lists walk (migration 100, src/server/store/relation-keys.ts
 * reads them): per article its authors' ORCIDs, each author's name with each of that author's own
 * institutions, its institutions, the grant numbers of its fund texts (src/lib/grant-numbers.ts),
 * and its content terms (src/server/search/content-terms.ts).
 * Rewritten for the articles a seed or import wrote, inside its transaction, as the search index is;
 * every other article keeps its rows.
 */
import { grantNumbers } from '../../../lib/grant-numbers.ts';
import { contentTerms } from '../../search/content-terms.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';
import { splitList } from '../sql.ts';
import { recountCitedBy } from './cited-by.ts';
import { idChunks } from './id-chunks.ts';
import type { Tx } from './insert.ts';

const ROWS_PER_STATEMENT = 500;

const trimmed = (value: string | null) => value?.trim() ?? '';

/** An author's name and one of the author's institutions, as one key. */
const authorKey = (name: string, institution: string) => `${name}\n${institution}`;

const positionsOf = (list: string | null): number[] =>
  splitList(list, /[,;，；]/)
    .map(Number)
    .filter((n) => Number.isInteger(n));

type KeyRow = { kind: string; relation_key: string; site_id: number; article_id: number };

/** The key rows of these articles (one chunk of ids), in the primary key's order. */
async function keysOf(trx: Tx, ids: readonly number[]): Promise<KeyRow[]> {
  const articles = await trx
    .selectFrom('articles')
    .select(['id', 'site_id', 'title', 'en_title', 'keywords', 'en_keywords', 'fund', 'en_fund'])
    .where('id', 'in', ids)
    .execute();
  const institutions = await trx
    .selectFrom('institutions')
    .select(['article_id', 'position', 'name'])
    .where('article_id', 'in', ids)
    .execute();
  const authors = await trx
    .selectFrom('authors')
    .select(['article_id', 'name', 'orcid', 'institution_positions'])
    .where('article_id', 'in', ids)
    .execute();
  const siteOf = new Map(articles.map((a) => [a.id, a.site_id]));
  const seen = new Set<string>();
  const rows: KeyRow[] = [];
  const add = (articleId: number, kind: string, key: string) => {
    const siteId = siteOf.get(articleId);
    if (key === '' || siteId === undefined) return;
    const id = `${articleId}\t${kind}\t${key}`;
    if (seen.has(id)) return;
    seen.add(id);
    rows.push({ kind, relation_key: key, site_id: siteId, article_id: articleId });
  };
  const places = new Map<number, Map<number, string>>();
  for (const row of institutions) {
    const name = trimmed(row.name);
    add(row.article_id, 'org', name);
    const own = places.get(row.article_id) ?? new Map<number, string>();
    places.set(row.article_id, own);
    own.set(row.position, name);
  }
  for (const row of authors) {
    add(row.article_id, 'orcid', trimmed(row.orcid));
    const name = trimmed(row.name);
    if (name === '') continue;
    for (const position of positionsOf(row.institution_positions)) {
      const institution = places.get(row.article_id)?.get(position) ?? '';
      if (institution !== '') add(row.article_id, 'author', authorKey(name, institution));
    }
  }
  for (const a of articles) {
    for (const grant of grantNumbers(trimmed(a.fund), trimmed(a.en_fund))) add(a.id, 'grant', grant);
    const keywords = [...splitList(a.keywords), ...splitList(a.en_keywords)];
    for (const term of contentTerms(keywords, [a.title, a.en_title])) add(a.id, 'term', term);
  }
  // in the primary key's order: each insert lands beside the last, not on a random page of a large index
  return rows.sort((a, b) =>
    a.kind !== b.kind
      ? a.kind < b.kind
        ? -1
        : 1
      : a.relation_key !== b.relation_key
        ? a.relation_key < b.relation_key
          ? -1
          : 1
        : a.site_id - b.site_id || a.article_id - b.article_id,
  );
}

/** Replaces the relation keys of these articles; answers the rows written. */
export async function rekeyArticles(trx: Tx, articleIds: readonly number[]): Promise<number> {
  let written = 0;
  for (const chunk of idChunks(articleIds)) {
    await trx.deleteFrom('article_relation_keys').where('article_id', 'in', chunk).execute();
    const rows = await keysOf(trx, chunk);
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
      await trx
        .insertInto('article_relation_keys')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.doNothing())
        .execute();
    written += rows.length;
  }
  return written;
}

/** Every article of these sites (all sites when none are named): the seed, benchmarks and tests. */
export async function rekeySites(trx: Tx, siteIds?: readonly number[]): Promise<number> {
  let query = trx.selectFrom('articles').select('id').orderBy('id');
  if (siteIds !== undefined) query = query.where('site_id', 'in', siteIds.length > 0 ? siteIds : [0]);
  const ids = (await query.execute()).map((row) => row.id);
  return rekeyArticles(trx, ids);
}

const ready = new WeakMap<Db, Promise<void>>();

/**
 * Before the first relation list on a connection: a store with articles but no relation keys
 * (written before migration 100) gets them, and its cited-by counts, in one transaction.
 */
export function ensureRelationKeys(db: Db): Promise<void> {
  const known = ready.get(db);
  if (known) return known;
  const filled = fillRelationKeys(db);
  ready.set(db, filled);
  return filled;
}

async function fillRelationKeys(db: Db): Promise<void> {
  const k = kysely(db);
  const keys = await k.selectFrom('article_relation_keys').select('article_id').limit(1).executeTakeFirst();
  const articles = await k.selectFrom('articles').select('id').limit(1).executeTakeFirst();
  if (keys === undefined && articles !== undefined)
    await k.transaction().execute(async (trx) => {
      await rekeySites(trx);
      await recountCitedBy(trx);
    });
}
