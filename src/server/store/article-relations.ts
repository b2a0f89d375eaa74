/**
 * An article's relations, each read by key (the choices: docs/decisions.md; the keys are written
 * with the content, src/server/store/bulk/relation-keys.ts):
 *   author   the same person: the same ORCID, or the same name with one of that author's
 *            institutions (never the name alone)
 *   fund     an article naming one of its grant numbers
 *   org      an article of one of its institutions
 *   article  related by content: the articles sharing most of its keyword and title terms
 *   citedBy  articles of any site of this portal whose references carry its DOI
 * The first four are scoped to the site (a group site: its member sites too, as its search is).
 */

import { type Expression, type SqlBool, sql } from 'kysely';
import type { ArticleRelations, RelatedArticle } from '../../content/types.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { CITED_BY_LIST_SIZE, RELATED_LIST_SIZE } from '../../lib/constants.ts';
import { ensureRelationKeys } from './bulk/relation-keys.ts';
import { compiledIn, compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { relatedByContent, TERM_WINDOW } from './related-articles.ts';
import { keyHolders, ownRelationKeys, type RelationKind } from './relation-keys.ts';
import { searchSiteIds } from './search/match.ts';
import { visibleArticle } from './visibility.ts';

/** Candidate rows by id, newest first; site scope and order of preference are applied in code. */
const RELATED_ROWS = compiledIn<{ now: string }>()((q, ids) =>
  q
    .selectFrom('articles as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .innerJoin('publications as pub', 'pub.id', 'a.publication_id')
    .select([
      'a.id',
      'a.site_id',
      's.sld',
      's.name as site_name',
      's.en_name as site_en_name',
      'a.title',
      'a.en_title',
      'pub.name as pub_name',
      'pub.en_name as pub_en_name',
      'a.published_date',
      'a.notice_kind',
    ])
    .where('a.id', 'in', ids)
    .where(visibleArticle('a', param<string>('now')))
    .where('s.status', '=', 'active')
    .orderBy('a.published_date', 'desc')
    .orderBy('a.id', 'desc'),
);

/**
 * The related articles with these ids, visible now on a site in scope (null: any active site), in
 * the order of `ids` (best first), else (`newestFirst`) by date.
 */
async function relatedArticles(
  db: Db,
  ids: readonly number[],
  scope: readonly number[] | null,
  now: string,
  size: number,
  newestFirst = false,
): Promise<RelatedArticle[]> {
  if (ids.length === 0) return [];
  const found = (await RELATED_ROWS(db, ids, { now })).filter((row) => scope === null || scope.includes(row.site_id));
  const rank = new Map(ids.map((id, index) => [id, index]));
  const rows = newestFirst ? found : found.sort((x, y) => (rank.get(x.id) ?? 0) - (rank.get(y.id) ?? 0));
  return rows.slice(0, size).map((row) => ({
    id: row.id,
    siteId: row.site_id,
    sld: row.sld,
    siteName: row.site_name,
    siteEnName: row.site_en_name,
    title: row.title,
    enTitle: row.en_title,
    publicationName: row.pub_name,
    publicationEnName: row.pub_en_name,
    publishedDate: row.published_date,
    noticeKind: NOTICE_KINDS.find((kind) => kind === row.notice_kind) ?? null,
  }));
}

/** candidates read per list: more than it shows, for those not visible now */
const CANDIDATES = RELATED_LIST_SIZE * 4;

type Held = Awaited<ReturnType<typeof keyHolders>>;

/**
 * The newest holders of these kinds of key (highest id first): the same author is the same ORCID,
 * or the same name at one of that author's own institutions on both articles (so a namesake who
 * merely shares an article with someone of that institution is not matched); never the name alone.
 */
const newestHolding = (held: Held, kinds: readonly RelationKind[]): number[] =>
  [...new Set(held.filter((row) => kinds.includes(row.kind)).map((row) => row.articleId))]
    .sort((a, b) => b - a)
    .slice(0, CANDIDATES);

/** a reference carries the DOI (compared in lower case, as its index is written) */
const citingWhere = (): Expression<SqlBool> => sql<SqlBool>`lower(${sql.ref('r.doi')}) = ${param<string>('doi')}`;

const CITING_IDS = compiledQuery<{ doi: string; articleId: number; now: string }>()((q) =>
  q
    .selectFrom('article_references as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['r.article_id', 'a.published_date'])
    .distinct()
    .where(citingWhere())
    .where('r.article_id', '<>', param<number>('articleId'))
    .where(visibleArticle('a', param<string>('now')))
    .where('s.status', '=', 'active')
    .orderBy('a.published_date', 'desc')
    .orderBy('r.article_id', 'desc')
    .limit(CITED_BY_LIST_SIZE),
);

const CITED_BY_COUNT = compiledQuery<{ doi: string; articleId: number; now: string }>()((q) =>
  q
    .selectFrom('article_references as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select((eb) => eb.fn.count<number>('r.article_id').distinct().as('n'))
    .where(citingWhere())
    .where('r.article_id', '<>', param<number>('articleId'))
    .where(visibleArticle('a', param<string>('now')))
    .where('s.status', '=', 'active'),
);

const ARTICLE_DOI = compiledQuery<{ id: number; siteId: number; now: string }>()((q) =>
  q
    .selectFrom('articles as a')
    .select(['a.doi', 'a.citations', 'a.views', 'a.downloads'])
    .where('a.id', '=', param<number>('id'))
    .where('a.site_id', '=', param<number>('siteId'))
    .where(visibleArticle('a', param<string>('now'))),
);

const doiKey = (doi: string) => doi.trim().toLowerCase();

/** The newest articles of any active site whose references carry this DOI (the article itself aside). */
async function citingIds(db: Db, articleId: number, doi: string, now: string): Promise<number[]> {
  return (await CITING_IDS.all(db, { doi: doiKey(doi), articleId, now })).map((row) => row.article_id);
}

function articleDoi(db: Db, siteId: number, articleId: number, now: string) {
  return ARTICLE_DOI.one(db, { id: articleId, siteId, now });
}

/** The articles citing this one (by its DOI), as its cited-by list shows them. */
async function citedByList(db: Db, articleId: number, doi: string | null, now: string) {
  if (!doi) return [];
  return relatedArticles(db, await citingIds(db, articleId, doi, now), null, now, CITED_BY_LIST_SIZE, true);
}

/**
 * The relations of a visible article of the site; null when there is none. Reads that do not wait
 * for each other are started together: on PostgreSQL each is a round trip, and side by side on the
 * pool they cost one; on SQLite they run one after the other as before.
 */
export async function articleRelations(
  db: Db,
  siteId: number,
  articleId: number,
  now: string,
): Promise<ArticleRelations | null> {
  const [article, scope, own] = await Promise.all([
    articleDoi(db, siteId, articleId, now),
    searchSiteIds(db, siteId),
    ensureRelationKeys(db).then(() => ownRelationKeys(db, siteId, articleId)),
  ]);
  if (!article) return null;
  const [held, citedBy] = await Promise.all([
    keyHolders(db, own, scope, articleId, (kind) => (kind === 'term' ? TERM_WINDOW : CANDIDATES)),
    citedByList(db, articleId, article.doi, now),
  ]);
  const candidates = {
    author: newestHolding(held, ['orcid', 'author']),
    fund: newestHolding(held, ['grant']),
    org: newestHolding(held, ['org']),
    article: relatedByContent(
      held.filter((row) => row.kind === 'term'),
      CANDIDATES,
    ),
  };
  // one read of every candidate's row, visible now and in scope, for the four lists
  const rows = new Map(
    (await relatedArticles(db, Object.values(candidates).flat(), scope, now, Number.MAX_SAFE_INTEGER)).map((row) => [
      row.id,
      row,
    ]),
  );
  const listed = (ids: number[]) => ids.flatMap((id) => rows.get(id) ?? []).slice(0, RELATED_LIST_SIZE);
  return {
    author: listed(candidates.author),
    fund: listed(candidates.fund),
    org: listed(candidates.org),
    article: listed(candidates.article),
    citedBy,
  };
}

/** How many visible articles of active sites cite the article (by its DOI). */
export async function citedByCount(db: Db, articleId: number, doi: string | null, now: string): Promise<number> {
  if (!doi) return 0;
  return Number((await CITED_BY_COUNT.one(db, { doi: doiKey(doi), articleId, now }))?.n ?? 0);
}

/** An article's views, downloads and citations (the import's number, else the portal's citing articles); null when not visible. */
export async function resourceStatistics(db: Db, siteId: number, articleId: number, now: string) {
  const article = await articleDoi(db, siteId, articleId, now);
  if (!article) return null;
  const citedBy = await citedByCount(db, articleId, article.doi, now);
  return {
    views: article.views,
    downloads: article.downloads,
    citations: article.citations > 0 ? article.citations : citedBy,
    citedBy,
  };
}

/** The visible articles (any site) whose DOI one of these articles' references carries: their pages list the citing article. */
export async function citedArticlesOf(
  db: Db,
  articleIds: readonly number[],
): Promise<{ siteId: number; articleId: number }[]> {
  if (articleIds.length === 0) return [];
  const rows = await kysely(db)
    .selectFrom('article_references as r')
    .innerJoin('articles as a', (join) =>
      join.on((eb) => eb(eb.fn('lower', ['a.doi']), '=', eb.fn('lower', ['r.doi']))),
    )
    .select(['a.site_id', 'a.id'])
    .distinct()
    .where('r.article_id', 'in', [...articleIds])
    .where('r.doi', 'is not', null)
    .execute();
  return rows.filter((row) => !articleIds.includes(row.id)).map((row) => ({ siteId: row.site_id, articleId: row.id }));
}
