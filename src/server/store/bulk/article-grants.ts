/**
 * The grant numbers of each article's fund text (src/lib/grant-numbers.ts) as rows, so the
 * article page finds the articles of one grant by key. Rewritten for the sites a seed or import
 * wrote, inside its transaction, as the search index is.
 */
import { grantNumbers } from '../../../lib/grant-numbers.ts';
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';

export function regrantSitesNow(db: Db, siteIds?: readonly number[]): number {
  const ids =
    siteIds ??
    statement(db, 'SELECT id FROM sites ORDER BY id')
      .all()
      .map((row) => Number(row['id']));
  const insert = statement(
    db,
    'INSERT OR IGNORE INTO article_grants (grant_number, article_id, site_id) VALUES (?, ?, ?)',
  );
  let written = 0;
  for (const siteId of ids) {
    statement(db, 'DELETE FROM article_grants WHERE site_id = ?').run(siteId);
    const rows = statement(db, 'SELECT id, fund, en_fund FROM articles WHERE site_id = ? AND fund IS NOT NULL').iterate(
      siteId,
    );
    for (const row of rows) {
      const fund = typeof row['fund'] === 'string' ? row['fund'] : null;
      const enFund = typeof row['en_fund'] === 'string' ? row['en_fund'] : null;
      for (const grant of grantNumbers(fund, enFund)) {
        insert.run(grant, Number(row['id']), siteId);
        written++;
      }
    }
  }
  return written;
}
