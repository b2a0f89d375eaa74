/**
 * Article summaries and lists. Drafts never leave the store; every query is scoped by site.
 * Authors of a page of articles are read with one IN query, never one query per article.
 */
import type { ArticleListKind } from '../../content/source.ts';
import { type ArticleSummary, articleStatusSchema, type Paged } from '../../content/types.ts';
import type { Db } from './db.ts';
import { all, allIn, int, intOrNull, one, oneOf, paging, type Row, str, strOrNull } from './sql.ts';

/** Where the PDF of an article is downloaded (generated on first download). */
export function articlePdfUrl(articleId: number): string {
  return `/rc-pub/front/front-article/download?id=${articleId}&attachType=pdf`;
}

/** Columns of ArticleSummary: `a` is articles, `p` the (optional) period. */
export const SUMMARY_COLUMNS = `a.id, a.site_id, a.publication_id, a.period_id, a.column_id, a.doi, a.title, a.en_title,
  a.first_page, a.last_page, a.version, a.status, a.open_access, a.published_date, p.year, p.volume, p.issue, a.views,
  a.downloads, a.citations`;

export const SUMMARY_FROM = 'articles a LEFT JOIN periods p ON p.id = a.period_id';

/** The summary of a row read with SUMMARY_COLUMNS; authors are filled in by withAuthors. */
export function toSummary(row: Row): ArticleSummary {
  const id = int(row, 'id');
  return {
    id,
    siteId: int(row, 'site_id'),
    publicationId: int(row, 'publication_id'),
    periodId: intOrNull(row, 'period_id'),
    columnId: intOrNull(row, 'column_id'),
    doi: strOrNull(row, 'doi'),
    title: str(row, 'title'),
    enTitle: strOrNull(row, 'en_title'),
    authors: [],
    firstPage: intOrNull(row, 'first_page'),
    lastPage: intOrNull(row, 'last_page'),
    version: int(row, 'version'),
    status: oneOf(articleStatusSchema.options, row['status'], 'formal'),
    openAccess: int(row, 'open_access'),
    publishedDate: strOrNull(row, 'published_date'),
    year: intOrNull(row, 'year'),
    volume: intOrNull(row, 'volume'),
    issue: intOrNull(row, 'issue'),
    views: int(row, 'views'),
    downloads: int(row, 'downloads'),
    citations: int(row, 'citations'),
    pdfUrl: articlePdfUrl(id),
  };
}

/** Fills in the author names of these summaries with one query. */
export function withAuthors(db: Db, summaries: ArticleSummary[]): ArticleSummary[] {
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const rows = allIn(
    db,
    [...byId.keys()],
    (ids) => `SELECT article_id, name, en_name FROM authors WHERE article_id IN (${ids}) ORDER BY article_id, position`,
  );
  for (const row of rows) {
    byId.get(int(row, 'article_id'))?.authors.push({ name: str(row, 'name'), enName: strOrNull(row, 'en_name') });
  }
  return summaries;
}

const LISTS: Record<ArticleListKind, { status: string; order: string }> = {
  'online-first': { status: 'online-first', order: 'a.published_date DESC, a.id DESC' },
  'just-accepted': { status: 'just-accepted', order: 'a.published_date DESC, a.id DESC' },
  'most-read': { status: 'formal', order: 'a.views DESC, a.id DESC' },
  latest: { status: 'formal', order: 'a.published_date DESC, a.id DESC' },
};

/** A page (0-based) of one of the article lists, optionally of one publication. */
export function listArticles(
  db: Db,
  siteId: number,
  kind: ArticleListKind,
  page: number,
  size: number,
  publicationId?: number,
): Paged<ArticleSummary> {
  const list = LISTS[kind];
  const paged = paging(page, size);
  const where = publicationId === undefined ? 'a.site_id = ? AND a.status = ?' : 'a.site_id = ? AND a.status = ? AND a.publication_id = ?';
  const params = publicationId === undefined ? [siteId, list.status] : [siteId, list.status, publicationId];
  const total = one(db, `SELECT COUNT(*) AS total FROM articles a WHERE ${where}`, ...params);
  const rows = all(
    db,
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${list.order} LIMIT ? OFFSET ?`,
    ...params,
    paged.size,
    paged.offset,
  );
  return {
    content: withAuthors(db, rows.map(toSummary)),
    total: total ? int(total, 'total') : 0,
    page: paged.page,
    size: paged.size,
  };
}

/** Summaries of these articles of the site, in the order of `ids` (drafts and unknown ids left out). */
export function articleSummariesByIds(db: Db, siteId: number, ids: readonly number[]): ArticleSummary[] {
  const rows = allIn(db, ids, (placeholders) => `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE a.site_id = ? AND a.status <> 'draft' AND a.id IN (${placeholders})`, siteId);
  const byId = new Map(withAuthors(db, rows.map(toSummary)).map((summary) => [summary.id, summary]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
