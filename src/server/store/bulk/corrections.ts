/**
 * Corrections: the version row an import keeps for each change it makes to an article,
 * issue or news item, and the DOIs an article had before (their URLs redirect to it). Written
 * inside the import's transaction, with portable SQL.
 */
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';
import type { BulkValue } from './insert.ts';

export type VersionEntity = 'article' | 'period' | 'news';
/** Field name (as the import file names it) → its value before and after. */
export type FieldChanges = Record<string, { old: BulkValue | null; new: BulkValue | null }>;

export function recordVersionNow(
  db: Db,
  siteId: number,
  entity: VersionEntity,
  entityId: number,
  changes: FieldChanges,
  at: string,
  by: string,
): void {
  statement(
    db,
    'INSERT INTO content_versions (site_id, entity, entity_id, changed_at, changed_by, changes) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(siteId, entity, entityId, at, by, JSON.stringify(changes));
}

/** The article's DOI moved from `oldDoi` to `newDoi`: the old one is kept to redirect; a DOI given back is current again. */
export function recordDoiChangeNow(
  db: Db,
  siteId: number,
  articleId: number,
  oldDoi: string,
  newDoi: string | null,
  at: string,
): void {
  if (newDoi)
    statement(db, 'DELETE FROM article_former_dois WHERE site_id = ? AND doi = ?').run(siteId, newDoi.toLowerCase());
  statement(db, 'DELETE FROM article_former_dois WHERE site_id = ? AND doi = ?').run(siteId, oldDoi.toLowerCase());
  statement(db, 'INSERT INTO article_former_dois (site_id, doi, article_id, changed_at) VALUES (?, ?, ?, ?)').run(
    siteId,
    oldDoi.toLowerCase(),
    articleId,
    at,
  );
}

/** How many rows of a child table (references, institutions) an article has. */
export const childCountNow = (db: Db, table: 'institutions' | 'article_references', articleId: number): number =>
  Number(statement(db, `SELECT COUNT(*) AS n FROM ${table} WHERE article_id = ?`).get(articleId)?.['n'] ?? 0);
