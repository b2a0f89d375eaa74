/**
 * Positional row writers for the article tables, used by the demo seed: this step dominates the
 * seed time (100,000 articles), so each table gets one dedicated prepared statement.
 */
import type { Db } from '../db.ts';
import type { BulkValue } from './insert.ts';

export type RowWriter = (...values: BulkValue[]) => number;

const SQL = {
  article: `INSERT INTO articles (site_id, publication_id, period_id, column_id, doi, title, en_title, abstract, en_abstract, keywords,
      en_keywords, language, first_page, last_page, version, status, open_access, fund, en_fund, received_date, revised_date,
      published_date, views, downloads, citations, updated_at, sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  author:
    'INSERT INTO authors (article_id, position, name, en_name, email, orcid, corresponding, institution_positions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  institution: 'INSERT INTO institutions (article_id, position, name, en_name) VALUES (?, ?, ?, ?)',
  reference: 'INSERT INTO article_references (article_id, position, text, doi) VALUES (?, ?, ?, ?)',
  attachment: "INSERT INTO attachments (article_id, attach_type, file_id) VALUES (?, 'pdf', NULL)",
  dailyCount: 'INSERT INTO article_daily_counts (article_id, site_id, day, views, downloads) VALUES (?, ?, ?, ?, ?)',
  figure:
    'INSERT INTO figures (site_id, article_id, kind, position, caption, en_caption, file_id, table_html) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
} as const;

/** One writer per article table; each returns the new row's id. */
export function articleRowWriters(db: Db): Record<keyof typeof SQL, RowWriter> {
  const writer = (sql: string): RowWriter => {
    const statement = db.prepare(sql);
    return (...values) => Number(statement.run(...values).lastInsertRowid);
  };
  return {
    article: writer(SQL.article),
    author: writer(SQL.author),
    institution: writer(SQL.institution),
    reference: writer(SQL.reference),
    attachment: writer(SQL.attachment),
    dailyCount: writer(SQL.dailyCount),
    figure: writer(SQL.figure),
  };
}
