/**
 * The cited-by rollup (articles.cited_by, migration 100): how many articles of active sites,
 * drafts and removed articles aside, carry an article's DOI in their references. Recounted when
 * references are written (seed, import) for the articles the written articles' references name
 * (every article's, when none are named) and for those counted before (a reference a correction removed), so a ranking never counts citations
 * itself. A citing article's own publish time is not looked at: one scheduled for later counts
 * from when it is written, where the article page's list shows it from its publish time.
 */
import { sql } from 'kysely';
import { idChunks } from './id-chunks.ts';
import type { Tx } from './insert.ts';

const COUNT = sql`(SELECT count(DISTINCT r.article_id) FROM article_references r
  JOIN articles c ON c.id = r.article_id
  JOIN sites s ON s.id = c.site_id
  WHERE lower(r.doi) = lower(articles.doi) AND r.article_id <> articles.id
    AND c.status <> 'draft' AND c.removed_at IS NULL AND s.status = 'active')`;

/** `citingIds`: the articles whose references were written; all articles when left out. */
export async function recountCitedBy(trx: Tx, citingIds?: readonly number[]): Promise<void> {
  const named = (citing: ReturnType<typeof sql>) => sql`UPDATE articles SET cited_by = ${COUNT}
       WHERE id IN (
         SELECT cited.id FROM article_references r
         JOIN articles cited ON lower(cited.doi) = lower(r.doi)
         WHERE r.doi IS NOT NULL AND ${citing})`;
  if (citingIds === undefined) await named(sql`1 = 1`).execute(trx);
  else for (const chunk of idChunks(citingIds)) await named(sql`r.article_id IN (${sql.join(chunk)})`).execute(trx);
  await sql`UPDATE articles SET cited_by = ${COUNT} WHERE cited_by > 0`.execute(trx);
}
