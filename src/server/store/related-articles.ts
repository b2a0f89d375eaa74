/**
 * Related by content, from the search index: the articles sharing the most of this article's
 * keywords (the index's keyword facet, either language), the article itself excluded. Each keyword
 * is read newest first and only so far (KEYWORD_WINDOW entries, then those in scope), so an article costs a few
 * index walks however many articles share a common keyword: a BM25 query of its terms scored tens
 * of thousands of matches at 100,000 articles (p95 over 280 ms, docs/decisions.md).
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { publishedBy } from './visibility.ts';

/** index entries read per keyword (any site); those in scope are ranked by how many of the article's keywords each shares */
const KEYWORD_WINDOW = 100;
const KEYWORD_FACETS = ['keyword', 'en_keyword'];

/** Ids of the articles (sites in scope, public now) most like this one by content, best first. */
export async function relatedByContent(
  db: Db,
  articleId: number,
  scope: readonly number[],
  now: string,
  size: number,
): Promise<number[]> {
  const k = kysely(db);
  const doc = await k
    .selectFrom('search_docs')
    .select('id')
    .where('kind', '=', 'article')
    .where('ref_id', '=', articleId)
    .executeTakeFirst();
  if (!doc) return [];
  const keywords = await k
    .selectFrom('search_facets')
    .select(['facet', 'value'])
    .where('doc_id', '=', doc.id)
    .where('facet', 'in', KEYWORD_FACETS)
    .execute();
  const shared = new Map<number, { refId: number; count: number }>();
  for (const keyword of keywords) {
    // the newest holders of the keyword on any site, then those in scope: a bounded walk of one index range
    const newest = k
      .selectFrom('search_facets')
      .select('doc_id')
      .where('facet', '=', keyword.facet)
      .where('value', '=', keyword.value)
      .where('doc_id', '<>', doc.id)
      .orderBy('doc_id', 'desc')
      .limit(KEYWORD_WINDOW);
    const rows = await k
      .selectFrom(newest.as('f'))
      .innerJoin('search_docs as d', 'd.id', 'f.doc_id')
      .select(['f.doc_id', 'd.ref_id'])
      .where('d.kind', '=', 'article')
      .where('d.site_id', 'in', [...scope])
      .where(publishedBy('d', now))
      .execute();
    for (const row of rows) {
      const known = shared.get(row.doc_id);
      if (known) known.count++;
      else shared.set(row.doc_id, { refId: row.ref_id, count: 1 });
    }
  }
  return [...shared.entries()]
    .sort(([aDoc, a], [bDoc, b]) => b.count - a.count || bDoc - aDoc)
    .slice(0, size)
    .map(([, found]) => found.refId);
}
