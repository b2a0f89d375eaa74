/**
 * The reads seed and import need between their writes, inside the same synchronous transaction:
 * ids of rows they just wrote or must not duplicate.
 */
import type { Db } from '../db.ts';
import { statement } from '../sql.ts';

function idOf(db: Db, sql: string, ...params: (string | number)[]): number | null {
  const row = statement(db, sql).get(...params);
  return row ? Number(row['id']) : null;
}

function idsOf(db: Db, sql: string, ...params: (string | number)[]): number[] {
  return statement(db, sql)
    .all(...params)
    .map((row) => Number(row['id']));
}

export const siteIdBySldNow = (db: Db, sld: string) => idOf(db, 'SELECT id FROM sites WHERE sld = ?', sld);

export const columnIdNow = (db: Db, publicationId: number, name: string) =>
  idOf(db, 'SELECT id FROM columns WHERE publication_id = ? AND name = ?', publicationId, name);

export const periodIdNow = (db: Db, publicationId: number, year: number, issue: number) =>
  idOf(db, 'SELECT id FROM periods WHERE publication_id = ? AND year = ? AND issue = ?', publicationId, year, issue);

/** When the public may see this issue (src/server/store/visibility.ts), or null for an unknown one. */
export function periodPublishAtNow(db: Db, periodId: number): string | null {
  const row = statement(db, 'SELECT publish_at FROM periods WHERE id = ?').get(periodId);
  return typeof row?.['publish_at'] === 'string' ? row['publish_at'] : null;
}

/** DOIs are compared case-insensitively. */
export const articleIdByDoiNow = (db: Db, siteId: number, doi: string) =>
  idOf(db, 'SELECT id FROM articles WHERE site_id = ? AND lower(doi) = ?', siteId, doi.toLowerCase());

/** The channel news is filed under: newNews when the site has one, else news. */
export const newsChannelIdNow = (db: Db, siteId: number) =>
  idOf(
    db,
    "SELECT id FROM channels WHERE site_id = ? AND code IN ('newNews', 'news') ORDER BY code = 'newNews' DESC, id LIMIT 1",
    siteId,
  );

export const editorialChannelIdNow = (db: Db, siteId: number) =>
  idOf(db, "SELECT id FROM channels WHERE site_id = ? AND code = 'editorial' ORDER BY id LIMIT 1", siteId);

export function publicationIdsByIssnNow(db: Db, siteId: number): Map<string, number> {
  const rows = statement(db, 'SELECT id, issn FROM publications WHERE site_id = ? AND issn IS NOT NULL').all(siteId);
  return new Map(rows.map((row) => [String(row['issn']), Number(row['id'])]));
}

/** The demo's most cited formal articles of a site, for its albums. */
export const mostCitedArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' ORDER BY citations DESC, id LIMIT ?",
    siteId,
    limit,
  );

export const figureIdsNow = (db: Db, siteId: number, kind: 'picture' | 'table', limit: number) =>
  idsOf(db, 'SELECT id FROM figures WHERE site_id = ? AND kind = ? ORDER BY id LIMIT ?', siteId, kind, limit);

export const mediaIdsNow = (db: Db, siteId: number, kind: 'video' | 'audio') =>
  idsOf(db, 'SELECT id FROM media WHERE site_id = ? AND kind = ? ORDER BY id', siteId, kind);

/** A site's newest formal articles, newest first. */
export const newestFormalArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' ORDER BY published_date DESC, id LIMIT ?",
    siteId,
    limit,
  );

export const newestFormalArticleIdNow = (db: Db, siteId: number) => newestFormalArticleIdsNow(db, siteId, 1)[0] ?? null;

export const firstExpertIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(db, 'SELECT id FROM experts WHERE site_id = ? ORDER BY sort_order, id LIMIT ?', siteId, limit);

/** The last position used in an album (0 when empty). */
export const lastAlbumPositionNow = (db: Db, albumId: number) =>
  idOf(db, 'SELECT COALESCE(MAX(position), 0) AS id FROM album_items WHERE album_id = ?', albumId) ?? 0;

/** The first enabled channel of a code on a site (the one its menu item leads to). */
export const channelIdByCodeNow = (db: Db, siteId: number, code: string) =>
  idOf(db, "SELECT id FROM channels WHERE site_id = ? AND code = ? AND enable = '1' ORDER BY id LIMIT 1", siteId, code);

/** Online-first and just-accepted articles, newest first: what a pre-publication channel shows. */
export const prePublicationArticleIdsNow = (db: Db, siteId: number, limit: number) =>
  idsOf(
    db,
    "SELECT id FROM articles WHERE site_id = ? AND status IN ('online-first', 'just-accepted') ORDER BY published_date DESC, id LIMIT ?",
    siteId,
    limit,
  );

/** The natural keys an import merges by (docs/product-rules.md#import). */
export const channelIdNow = (db: Db, siteId: number, parentId: number, code: string) =>
  idOf(
    db,
    'SELECT id FROM channels WHERE site_id = ? AND parent_id = ? AND code = ? ORDER BY id LIMIT 1',
    siteId,
    parentId,
    code,
  );

export const toolIdNow = (db: Db, siteId: number, type: string, name: string) =>
  idOf(
    db,
    'SELECT id FROM tools WHERE site_id = ? AND type = ? AND res_name = ? ORDER BY id LIMIT 1',
    siteId,
    type,
    name,
  );

/** An article without a DOI is known by its journal, issue and title. */
export const articleIdByTitleNow = (db: Db, publicationId: number, periodId: number | null, title: string) =>
  idOf(
    db,
    'SELECT id FROM articles WHERE publication_id = ? AND COALESCE(period_id, 0) = ? AND doi IS NULL AND title = ? ORDER BY id LIMIT 1',
    publicationId,
    periodId ?? 0,
    title,
  );

/**
 * News, albums and media: by the file's `key`, else by title and date, name, or kind and title
 * among the records imported without a key (so a key given later adopts the record it names).
 */
const keyedIdNow = (
  db: Db,
  table: 'news' | 'albums' | 'media',
  siteId: number,
  key: string | undefined,
  where: string,
  ...values: string[]
) =>
  (key === undefined ? null : idOf(db, `SELECT id FROM ${table} WHERE site_id = ? AND import_key = ?`, siteId, key)) ??
  idOf(
    db,
    `SELECT id FROM ${table} WHERE site_id = ? AND import_key IS NULL AND ${where} ORDER BY id LIMIT 1`,
    siteId,
    ...values,
  );

export const newsIdNow = (db: Db, siteId: number, key: string | undefined, title: string, publishedAt: string) =>
  keyedIdNow(db, 'news', siteId, key, 'title = ? AND published_at = ?', title, publishedAt);

export const albumIdNow = (db: Db, siteId: number, key: string | undefined, name: string) =>
  keyedIdNow(db, 'albums', siteId, key, 'name = ?', name);

export const mediaIdNow = (db: Db, siteId: number, key: string | undefined, kind: string, title: string) =>
  keyedIdNow(db, 'media', siteId, key, 'kind = ? AND title = ?', kind, title);

export const editorialTopicIdNow = (db: Db, siteId: number, name: string) =>
  idOf(db, 'SELECT id FROM editorial_topics WHERE site_id = ? AND name = ? ORDER BY id LIMIT 1', siteId, name);

export const expertIdNow = (db: Db, topicId: number, name: string) =>
  idOf(db, 'SELECT id FROM experts WHERE topic_id = ? AND name = ? ORDER BY id LIMIT 1', topicId, name);

/** Whether the site has its row in a one-row-per-site table. */
export const siteRowExistsNow = (db: Db, table: 'header_configs' | 'footer_configs' | 'basic_infos', siteId: number) =>
  statement(db, `SELECT 1 AS one FROM ${table} WHERE site_id = ?`).get(siteId) !== undefined;

/** The site's own colour (used by theme colour 0), null when it has none or there is no such site. */
export const siteColour1Now = (db: Db, sld: string): string | null => {
  const value = statement(db, 'SELECT colour1 FROM sites WHERE sld = ?').get(sld)?.['colour1'];
  return typeof value === 'string' && value ? value : null;
};

/** Corrections: what an import needs to know of an article it may update. */
export type StoredArticle = {
  id: number;
  doi: string | null;
  issn: string | null;
  periodId: number | null;
  status: string;
};

const storedArticleNow = (db: Db, siteId: number, doi: string): StoredArticle | null => {
  const row = statement(
    db,
    'SELECT a.id, a.doi, pub.issn, a.period_id, a.status FROM articles a JOIN publications pub ON pub.id = a.publication_id WHERE a.site_id = ? AND lower(a.doi) = ? ORDER BY a.id LIMIT 1',
  ).get(siteId, doi.toLowerCase());
  if (!row) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: Number(row['id']),
    doi: text(row['doi']),
    issn: text(row['issn']),
    periodId: row['period_id'] == null ? null : Number(row['period_id']),
    status: String(row['status']),
  };
};

/** The article an import record names: by its DOI, else by the DOI it had (`previousDoi`). */
export function importedArticleNow(
  db: Db,
  siteId: number,
  doi: string | null | undefined,
  previousDoi: string | undefined,
): StoredArticle | null {
  return (
    (doi ? storedArticleNow(db, siteId, doi) : null) ?? (previousDoi ? storedArticleNow(db, siteId, previousDoi) : null)
  );
}

/** The current DOI of the article that once had `doi` (a DOI changed by an import), else null. */
export const currentDoiOfFormerNow = (db: Db, siteId: number, doi: string): string | null => {
  const value = statement(
    db,
    'SELECT a.doi FROM article_former_dois f JOIN articles a ON a.id = f.article_id WHERE f.site_id = ? AND f.doi = ?',
  ).get(siteId, doi.toLowerCase())?.['doi'];
  return typeof value === 'string' ? value : null;
};

/** An article's author names in order, as a reader sees them ('王光, 李明'). */
export const authorNamesNow = (db: Db, articleId: number): string =>
  statement(db, 'SELECT name FROM authors WHERE article_id = ? ORDER BY position, id')
    .all(articleId)
    .map((row) => String(row['name']))
    .join(', ');

export const newsIdByKeyNow = (db: Db, siteId: number, key: string) =>
  idOf(db, 'SELECT id FROM news WHERE site_id = ? AND import_key = ?', siteId, key);

/** The issue an article is filed under now (null: none), read before an import moves it. */
export const articlePeriodIdNow = (db: Db, articleId: number) =>
  idOf(db, 'SELECT period_id AS id FROM articles WHERE id = ? AND period_id IS NOT NULL', articleId);
