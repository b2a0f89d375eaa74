/**
 * The keys an article page's relation lists walk (migration 100, src/server/store/relation-keys.ts
 * reads them): per article its authors' ORCIDs, each author's name with each of that author's own
 * institutions, its institutions, the grant numbers of its fund texts (src/lib/grant-numbers.ts),
 * and its content terms (src/server/search/content-terms.ts).
 * Rewritten for the sites a seed or import wrote, inside its transaction, as the search index is.
 */
import { grantNumbers } from '../../../lib/grant-numbers.ts';
import { contentTerms } from '../../search/content-terms.ts';
import { type Db, transaction } from '../db.ts';
import { splitList, statement } from '../sql.ts';
import { recountCitedByNow } from './cited-by.ts';

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An author's name and one of the author's institutions, as one key. */
const authorKey = (name: string, institution: string) => `${name}\n${institution}`;

const positionsOf = (list: unknown): number[] =>
  splitList(typeof list === 'string' ? list : null, /[,;，；]/)
    .map(Number)
    .filter((n) => Number.isInteger(n));

function siteKeys(db: Db, siteId: number): Map<number, Set<string>> {
  const keys = new Map<number, Set<string>>();
  const add = (articleId: number, kind: string, key: string) => {
    if (key === '') return;
    const own = keys.get(articleId) ?? new Set<string>();
    keys.set(articleId, own);
    own.add(`${kind}\t${key}`);
  };
  const institutions = new Map<number, Map<number, string>>();
  for (const row of statement(
    db,
    'SELECT i.article_id, i.position, i.name FROM institutions i JOIN articles a ON a.id = i.article_id WHERE a.site_id = ?',
  ).iterate(siteId)) {
    const articleId = Number(row['article_id']);
    const name = str(row['name']);
    add(articleId, 'org', name);
    const own = institutions.get(articleId) ?? new Map<number, string>();
    institutions.set(articleId, own);
    own.set(Number(row['position']), name);
  }
  for (const row of statement(
    db,
    'SELECT u.article_id, u.name, u.orcid, u.institution_positions FROM authors u JOIN articles a ON a.id = u.article_id WHERE a.site_id = ?',
  ).iterate(siteId)) {
    const articleId = Number(row['article_id']);
    add(articleId, 'orcid', str(row['orcid']));
    const name = str(row['name']);
    if (name === '') continue;
    for (const position of positionsOf(row['institution_positions'])) {
      const institution = institutions.get(articleId)?.get(position) ?? '';
      if (institution !== '') add(articleId, 'author', authorKey(name, institution));
    }
  }
  for (const row of statement(
    db,
    'SELECT id, title, en_title, keywords, en_keywords, fund, en_fund FROM articles WHERE site_id = ?',
  ).iterate(siteId)) {
    const articleId = Number(row['id']);
    for (const grant of grantNumbers(str(row['fund']), str(row['en_fund']))) add(articleId, 'grant', grant);
    const keywords = [
      ...splitList(typeof row['keywords'] === 'string' ? row['keywords'] : null),
      ...splitList(typeof row['en_keywords'] === 'string' ? row['en_keywords'] : null),
    ];
    const titles = [row['title'], row['en_title']].map((title) => (typeof title === 'string' ? title : null));
    for (const term of contentTerms(keywords, titles)) add(articleId, 'term', term);
  }
  return keys;
}

export function rekeySitesNow(db: Db, siteIds?: readonly number[]): number {
  const ids =
    siteIds ??
    statement(db, 'SELECT id FROM sites ORDER BY id')
      .all()
      .map((row) => Number(row['id']));
  const insert = statement(
    db,
    'INSERT INTO article_relation_keys (kind, relation_key, site_id, article_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  let written = 0;
  for (const siteId of ids) {
    statement(db, 'DELETE FROM article_relation_keys WHERE site_id = ?').run(siteId);
    // in the primary key's order: each insert lands beside the last, not on a random page of a large index
    const rows = [...siteKeys(db, siteId)].flatMap(([articleId, keys]) =>
      [...keys].map((entry) => ({ entry, articleId })),
    );
    rows.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : a.articleId - b.articleId));
    for (const { entry, articleId } of rows) {
      const tab = entry.indexOf('\t');
      insert.run(entry.slice(0, tab), entry.slice(tab + 1), siteId, articleId);
      written++;
    }
  }
  return written;
}

const ready = new WeakSet<Db>();

/**
 * Before the first relation list on a connection: a store with articles but no relation keys
 * (written before migration 100) gets them, and its cited-by counts, in one transaction.
 */
export function ensureRelationKeys(db: Db): void {
  if (ready.has(db)) return;
  ready.add(db);
  const keys = statement(db, 'SELECT 1 AS x FROM article_relation_keys LIMIT 1').get();
  const articles = statement(db, 'SELECT 1 AS x FROM articles LIMIT 1').get();
  if (keys === undefined && articles !== undefined)
    transaction(db, () => {
      rekeySitesNow(db);
      recountCitedByNow(db);
    });
}
