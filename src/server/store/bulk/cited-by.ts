/**
 * The cited-by rollup (articles.cited_by, migration 100): how many articles of active sites,
 * drafts and removed articles aside, carry an article's DOI in their references. Recounted when
 * references are written (seed, import) for the articles the written sites' references name and
 * for those counted before (a reference a correction removed), so a ranking never counts citations
 * itself. A citing article's own publish time is not looked at: one scheduled for later counts
 * from when it is written, where the article page's list shows it from its publish time.
 */
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';

const COUNT = `(SELECT count(DISTINCT r.article_id) FROM article_references r
  JOIN articles c ON c.id = r.article_id
  JOIN sites s ON s.id = c.site_id
  WHERE lower(r.doi) = lower(articles.doi) AND r.article_id <> articles.id
    AND c.status <> 'draft' AND c.removed_at IS NULL AND s.status = 'active')`;

export function recountCitedByNow(db: Db, siteIds?: readonly number[]): void {
  const ids =
    siteIds ??
    statement(db, 'SELECT id FROM sites ORDER BY id')
      .all()
      .map((row) => Number(row['id']));
  for (const siteId of ids) {
    statement(
      db,
      `UPDATE articles SET cited_by = ${COUNT}
       WHERE id IN (
         SELECT cited.id FROM article_references r
         JOIN articles c ON c.id = r.article_id
         JOIN articles cited ON lower(cited.doi) = lower(r.doi)
         WHERE c.site_id = ? AND r.doi IS NOT NULL)`,
    ).run(siteId);
  }
  statement(db, `UPDATE articles SET cited_by = ${COUNT} WHERE cited_by > 0`).run();
}
