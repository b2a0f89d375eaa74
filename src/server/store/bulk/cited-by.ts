/**
 * The cited-by rollup (articles.cited_by, migration 100): how many articles of active sites that
 * the public sees (src/server/store/visibility.ts) carry an article's DOI in their references.
 * Recounted when references are written (seed, import), for the articles whose DOI the written
 * articles cite or cited before (a reference a correction removed) and for the written articles
 * themselves (a new article, or a changed DOI, that other articles already cite), so a ranking
 * never counts citations itself and an import leaves every other article's row alone. A citing
 * article scheduled for later counts from its publish time, when the publish job recounts what it
 * cites (`recountAppeared`): until then no count tells of it.
 */
import { sql } from 'kysely';
import { visibilityNow, visibleArticle } from '../visibility.ts';
import { idChunks } from './id-chunks.ts';
import type { Tx } from './insert.ts';

const count = (now: string) => sql`(SELECT count(DISTINCT r.article_id) FROM article_references r
  JOIN articles c ON c.id = r.article_id
  JOIN sites s ON s.id = c.site_id
  WHERE lower(r.doi) = lower(articles.doi) AND r.article_id <> articles.id
    AND ${visibleArticle('c', now)} AND s.status = 'active')`;

/**
 * The DOIs (lower case) whose counts a write of these articles can move: those their references
 * name and their own. Read before the write too, to recount what a changed reference list no
 * longer names.
 */
export async function citedDois(trx: Tx, articleIds: readonly number[]): Promise<Set<string>> {
  const dois = new Set<string>();
  for (const chunk of idChunks(articleIds)) {
    const rows = await trx
      .selectFrom('article_references')
      .select('doi')
      .where('article_id', 'in', chunk)
      .where('doi', 'is not', null)
      .union(trx.selectFrom('articles').select('doi').where('id', 'in', chunk).where('doi', 'is not', null))
      .execute();
    for (const { doi } of rows) if (doi) dois.add(doi.toLowerCase());
  }
  return dois;
}

/**
 * `citingIds`: the articles whose references were written; `before`: the DOIs `citedDois` gave for
 * them before the write. Every article's count when `citingIds` is left out.
 */
export async function recountCitedBy(
  trx: Tx,
  citingIds?: readonly number[],
  before: Iterable<string> = [],
  now: string = visibilityNow(),
): Promise<void> {
  const COUNT = count(now);
  if (citingIds === undefined) {
    await sql`UPDATE articles SET cited_by = ${COUNT}
      WHERE cited_by > 0 OR lower(doi) IN (SELECT lower(doi) FROM article_references WHERE doi IS NOT NULL)`.execute(
      trx,
    );
    return;
  }
  const dois = await citedDois(trx, citingIds);
  for (const doi of before) dois.add(doi.toLowerCase());
  for (const chunk of idChunks(dois))
    await sql`UPDATE articles SET cited_by = ${COUNT} WHERE lower(doi) IN (${sql.join(chunk)})`.execute(trx);
}

/**
 * The counts of what articles that have just appeared (their publish time came at `now`) cite, in
 * the transaction that records their appearance.
 */
export async function recountAppeared(trx: Tx, articleIds: readonly number[], now: string): Promise<void> {
  if (articleIds.length > 0) await recountCitedBy(trx, articleIds, [], now);
}
