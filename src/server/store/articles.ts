/**
 * Article summaries and lists. Drafts never leave the store; every query is scoped by site.
 * Authors of a page of articles are read with one IN query, never one query per article.
 */

import type { InferResult, Kysely } from 'kysely';
import type { ArticleListKind } from '../../content/source.ts';
import { type ArticleSummary, articleStatusSchema, type Paged } from '../../content/types.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { compiledByKey, compiledIn, param } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { oneOf, paging } from './sql.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

/** Where the PDF of an article is downloaded (generated on first download). */
export function articlePdfUrl(articleId: number): string {
  return `/rc-pub/front/front-article/download?id=${articleId}&attachType=pdf`;
}

/** Columns of ArticleSummary: `a` is articles, `p` the (optional) period. */
export const SUMMARY_COLUMNS = [
  'a.id',
  'a.site_id',
  'a.publication_id',
  'a.period_id',
  'a.column_id',
  'a.doi',
  'a.title',
  'a.en_title',
  'a.first_page',
  'a.last_page',
  'a.version',
  'a.status',
  'a.open_access',
  'a.published_date',
  'p.year',
  'p.volume',
  'p.issue',
  'a.views',
  'a.downloads',
  'a.citations',
  'a.notice_kind',
] as const;

/**
 * What a citation of an article prints beyond its summary (`pub` is its journal): the article
 * page's record and OAI-PMH's metadata both read these.
 */
export const CITATION_COLUMNS = [
  'a.abstract',
  'a.en_abstract',
  'a.keywords',
  'a.en_keywords',
  'a.language',
  'a.notice_date',
  'a.notice_reason',
  'a.notice_doi',
  'pub.name as pub_name',
  'pub.en_name as pub_en_name',
  'pub.issn as pub_issn',
  'pub.eissn as pub_eissn',
  'pub.cn as pub_cn',
  'pub.publisher as pub_publisher',
  'pub.en_publisher as pub_en_publisher',
] as const;

/** Articles with their (optional) period, ready for SUMMARY_COLUMNS. */
export const summaryFrom = (q: Kysely<Database>) =>
  q.selectFrom('articles as a').leftJoin('periods as p', 'p.id', 'a.period_id');

const AUTHORS = compiledIn<Record<string, never>>()((q, ids) =>
  q
    .selectFrom('authors')
    .select(['article_id', 'name', 'en_name'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position'),
);

/** A row read with SUMMARY_COLUMNS from summaryFrom. */
type SummaryRow = InferResult<ReturnType<typeof summarySelect>>[number];
const summarySelect = (q: Kysely<Database>) => summaryFrom(q).select(SUMMARY_COLUMNS);

/** The summary of a row read with SUMMARY_COLUMNS; authors are filled in by withAuthors. */
export function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    siteId: row.site_id,
    publicationId: row.publication_id,
    periodId: row.period_id,
    columnId: row.column_id,
    doi: row.doi,
    title: row.title,
    enTitle: row.en_title,
    authors: [],
    firstPage: row.first_page,
    lastPage: row.last_page,
    version: row.version,
    status: oneOf(articleStatusSchema.options, row.status, 'formal'),
    openAccess: row.open_access,
    publishedDate: row.published_date,
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    views: row.views,
    downloads: row.downloads,
    citations: row.citations,
    pdfUrl: articlePdfUrl(row.id),
    noticeKind: row.notice_kind === null ? null : oneOf(NOTICE_KINDS, row.notice_kind, 'concern'),
  };
}

/** Fills in the author names of these summaries with one query. */
export async function withAuthors(db: Db, summaries: ArticleSummary[]): Promise<ArticleSummary[]> {
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const rows = await AUTHORS(db, [...byId.keys()], {});
  for (const row of rows) {
    byId.get(row.article_id)?.authors.push({ name: row.name, enName: row.en_name });
  }
  return summaries;
}

const LISTS: Record<ArticleListKind, { status: string; order: 'a.published_date' | 'a.views' }> = {
  'online-first': { status: 'online-first', order: 'a.published_date' },
  'just-accepted': { status: 'just-accepted', order: 'a.published_date' },
  'most-read': { status: 'formal', order: 'a.views' },
  latest: { status: 'formal', order: 'a.published_date' },
};

type ListKey = `${ArticleListKind}` | `${ArticleListKind}+publication`;
type ListValues = { siteId: number; status: string; publicationId: number; now: string };

const LIST_COUNT = compiledByKey<ListKey, ListValues>()((q, key) => {
  // counted within the covering index articles_list_visible (migration 051)
  const query = q
    .selectFrom('articles as a')
    .where('a.site_id', '=', param<number>('siteId'))
    .where('a.status', '=', param<string>('status'))
    .where(visibleArticle('a', param<string>('now')));
  return (
    key.endsWith('+publication') ? query.where('a.publication_id', '=', param<number>('publicationId')) : query
  ).select((eb) => eb.fn.countAll().as('total'));
});
const LIST_PAGE = compiledByKey<ListKey, ListValues & { limit: number; offset: number }>()((q, key) => {
  const query = summaryFrom(q)
    .where('a.site_id', '=', param<number>('siteId'))
    .where('a.status', '=', param<string>('status'))
    .where(visibleArticle('a', param<string>('now')));
  return (key.endsWith('+publication') ? query.where('a.publication_id', '=', param<number>('publicationId')) : query)
    .select(SUMMARY_COLUMNS)
    .orderBy(LISTS[key.replace('+publication', '') as ArticleListKind].order, 'desc')
    .orderBy('a.id', 'desc')
    .limit(param<number>('limit'))
    .offset(param<number>('offset'));
});

/** The first `size` articles of one of the lists, as its first page lists them, without counting the list (a feed shows no total). */
export async function firstArticles(
  db: Db,
  siteId: number,
  kind: ArticleListKind,
  size: number,
  publicationId?: number,
): Promise<ArticleSummary[]> {
  const list = LISTS[kind];
  const query = summaryFrom(kysely(db))
    .where('a.site_id', '=', siteId)
    .where('a.status', '=', list.status)
    .where(visibleArticle('a', visibilityNow()));
  const rows = await (publicationId === undefined ? query : query.where('a.publication_id', '=', publicationId))
    .select(SUMMARY_COLUMNS)
    .orderBy(list.order, 'desc')
    .orderBy('a.id', 'desc')
    .limit(paging(0, size).size)
    .execute();
  return withAuthors(db, rows.map(toSummary));
}

/** A page (0-based) of one of the article lists, optionally of one publication. */
export async function listArticles(
  db: Db,
  siteId: number,
  kind: ArticleListKind,
  page: number,
  size: number,
  publicationId?: number,
): Promise<Paged<ArticleSummary>> {
  const list = LISTS[kind];
  const paged = paging(page, size);
  const key: ListKey = publicationId === undefined ? kind : `${kind}+publication`;
  const values = { siteId, status: list.status, publicationId: publicationId ?? 0, now: visibilityNow() };
  const total = await LIST_COUNT(key).one(db, values);
  const rows = await LIST_PAGE(key).all(db, { ...values, limit: paged.size, offset: paged.offset });
  return {
    content: await withAuthors(db, rows.map(toSummary)),
    // countAll is typed string | number | bigint: engines differ in how they return a count
    total: total ? Number(total.total) : 0,
    page: paged.page,
    size: paged.size,
  };
}

const SUMMARIES_BY_ID = compiledIn<{ siteId: number; now: string }>()((q, ids) =>
  summaryFrom(q)
    .select(SUMMARY_COLUMNS)
    .where('a.site_id', '=', param<number>('siteId'))
    .where(visibleArticle('a', param<string>('now')))
    .where('a.id', 'in', ids),
);

/** Summaries of these articles of the site, in the order of `ids` (unknown ids and those the public cannot see left out). */
export async function articleSummariesByIds(db: Db, siteId: number, ids: readonly number[]): Promise<ArticleSummary[]> {
  const rows = await SUMMARIES_BY_ID(db, ids, { siteId, now: visibilityNow() });
  const byId = new Map((await withAuthors(db, rows.map(toSummary))).map((summary) => [summary.id, summary]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
