/**
 * An article's relations, each read by key (the choices: docs/decisions.md):
 *   author   the same person: the same ORCID, or the same name with one of that author's
 *            institutions (never the name alone)
 *   fund     an article naming one of its grant numbers (article_grants)
 *   org      an article of one of its institutions
 *   article  related by content: its own title and keyword terms asked of the search index
 *   citedBy  articles of any site of this portal whose references carry its DOI
 * The first four are scoped to the site (a group site: its member sites too, as its search is).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { ArticleRelations, RelatedArticle } from '../../content/types.ts';
import { CITED_BY_LIST_SIZE, RELATED_LIST_SIZE } from '../../lib/constants.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { relatedByContent } from './related-articles.ts';
import { searchSiteIds } from './search/match.ts';
import { splitList } from './sql.ts';
import { visibleArticle } from './visibility.ts';

/** candidates read for the author list before their institution positions are checked */
const AUTHOR_CANDIDATES = 200;

type Lists = ArticleRelations;

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
  let query = kysely(db)
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
    ])
    .where('a.id', 'in', [...new Set(ids)])
    .where(visibleArticle('a', now))
    .where('s.status', '=', 'active');
  if (scope !== null) query = query.where('a.site_id', 'in', [...scope]);
  const found = await query.orderBy('a.published_date', 'desc').orderBy('a.id', 'desc').execute();
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
  }));
}

/** Other articles by one of this article's authors: the same ORCID, or the same name at one of the same institutions. */
async function byAuthor(db: Db, articleId: number, scope: readonly number[], now: string): Promise<number[]> {
  const k = kysely(db);
  const authors = await k
    .selectFrom('authors')
    .select(['name', 'orcid', 'institution_positions'])
    .where('article_id', '=', articleId)
    .execute();
  const institutions = await k
    .selectFrom('institutions')
    .select(['position', 'name'])
    .where('article_id', '=', articleId)
    .execute();
  const orcids = authors.map((a) => a.orcid?.trim() ?? '').filter((orcid) => orcid !== '');
  const found = new Set<number>();
  if (orcids.length > 0) {
    const rows = await k
      .selectFrom('authors as u')
      .innerJoin('articles as a', 'a.id', 'u.article_id')
      .select('u.article_id')
      .where('u.orcid', 'in', orcids)
      .where('u.article_id', '<>', articleId)
      .where('a.site_id', 'in', [...scope])
      .where(visibleArticle('a', now))
      .orderBy('u.article_id', 'desc')
      .limit(RELATED_LIST_SIZE)
      .execute();
    for (const row of rows) found.add(row.article_id);
  }
  for (const author of authors) {
    if (found.size >= RELATED_LIST_SIZE) break;
    const own = new Set(positions(author.institution_positions));
    const names = institutions.filter((i) => own.has(i.position)).map((i) => i.name);
    if (names.length === 0 || author.name.trim() === '') continue;
    const rows = await k
      .selectFrom('authors as u')
      .innerJoin('institutions as i', 'i.article_id', 'u.article_id')
      .innerJoin('articles as a', 'a.id', 'u.article_id')
      .select(['u.article_id', 'u.institution_positions', 'i.position'])
      .where('u.name', '=', author.name)
      .where('i.name', 'in', names)
      .where('u.article_id', '<>', articleId)
      .where('a.site_id', 'in', [...scope])
      .where(visibleArticle('a', now))
      .orderBy('u.article_id', 'desc')
      .limit(AUTHOR_CANDIDATES)
      .execute();
    // the namesake must be of that institution on the other article too, not merely share its article
    for (const row of rows) if (positions(row.institution_positions).includes(row.position)) found.add(row.article_id);
  }
  return [...found];
}

const positions = (list: string): number[] =>
  splitList(list, /[,;，；]/)
    .map(Number)
    .filter((n) => Number.isInteger(n));

async function byGrant(db: Db, articleId: number, scope: readonly number[], now: string): Promise<number[]> {
  const rows = await kysely(db)
    .selectFrom('article_grants as own')
    .innerJoin('article_grants as g', 'g.grant_number', 'own.grant_number')
    .innerJoin('articles as a', 'a.id', 'g.article_id')
    .select('g.article_id')
    .distinct()
    .where('own.article_id', '=', articleId)
    .where('g.article_id', '<>', articleId)
    .where('g.site_id', 'in', [...scope])
    .where(visibleArticle('a', now))
    .orderBy('g.article_id', 'desc')
    .limit(RELATED_LIST_SIZE)
    .execute();
  return rows.map((row) => row.article_id);
}

async function byInstitution(db: Db, articleId: number, scope: readonly number[], now: string): Promise<number[]> {
  const k = kysely(db);
  const names = (await k.selectFrom('institutions').select('name').where('article_id', '=', articleId).execute())
    .map((row) => row.name)
    .filter((name) => name.trim() !== '');
  const found = new Set<number>();
  // one name at a time: each walks its index newest first and stops at the list's size
  for (const name of new Set(names)) {
    if (found.size >= RELATED_LIST_SIZE) break;
    const rows = await k
      .selectFrom('institutions as i')
      .innerJoin('articles as a', 'a.id', 'i.article_id')
      .select('i.article_id')
      .where('i.name', '=', name)
      .where('i.article_id', '<>', articleId)
      .where('a.site_id', 'in', [...scope])
      .where(visibleArticle('a', now))
      .orderBy('i.article_id', 'desc')
      .limit(RELATED_LIST_SIZE)
      .execute();
    for (const row of rows) found.add(row.article_id);
  }
  return [...found];
}

const citingWhere = (doi: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref('r.doi')}) = ${doi.trim().toLowerCase()}`;

/** The newest articles of any active site whose references carry this DOI (the article itself aside). */
async function citingIds(db: Db, articleId: number, doi: string, now: string): Promise<number[]> {
  const rows = await kysely(db)
    .selectFrom('article_references as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['r.article_id', 'a.published_date'])
    .distinct()
    .where(citingWhere(doi))
    .where('r.article_id', '<>', articleId)
    .where(visibleArticle('a', now))
    .where('s.status', '=', 'active')
    .orderBy('a.published_date', 'desc')
    .orderBy('r.article_id', 'desc')
    .limit(CITED_BY_LIST_SIZE)
    .execute();
  return rows.map((row) => row.article_id);
}

async function articleDoi(db: Db, siteId: number, articleId: number, now: string) {
  return kysely(db)
    .selectFrom('articles as a')
    .select(['a.doi', 'a.citations', 'a.views', 'a.downloads'])
    .where('a.id', '=', articleId)
    .where('a.site_id', '=', siteId)
    .where(visibleArticle('a', now))
    .executeTakeFirst();
}

/** The relations of a visible article of the site; null when there is none. */
export async function articleRelations(
  db: Db,
  siteId: number,
  articleId: number,
  now: string,
): Promise<ArticleRelations | null> {
  const article = await articleDoi(db, siteId, articleId, now);
  if (!article) return null;
  const scope = await searchSiteIds(db, siteId);
  const lists: Lists = {
    author: await relatedArticles(db, await byAuthor(db, articleId, scope, now), scope, now, RELATED_LIST_SIZE),
    fund: await relatedArticles(db, await byGrant(db, articleId, scope, now), scope, now, RELATED_LIST_SIZE),
    org: await relatedArticles(db, await byInstitution(db, articleId, scope, now), scope, now, RELATED_LIST_SIZE),
    article: await relatedArticles(
      db,
      await relatedByContent(db, articleId, scope, now, RELATED_LIST_SIZE),
      scope,
      now,
      RELATED_LIST_SIZE,
    ),
    citedBy: article.doi
      ? await relatedArticles(db, await citingIds(db, articleId, article.doi, now), null, now, CITED_BY_LIST_SIZE, true)
      : [],
  };
  return lists;
}

/** How many visible articles of active sites cite the article (by its DOI). */
export async function citedByCount(db: Db, articleId: number, doi: string | null, now: string): Promise<number> {
  if (!doi) return 0;
  const row = await kysely(db)
    .selectFrom('article_references as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select((eb) => eb.fn.count<number>('r.article_id').distinct().as('n'))
    .where(citingWhere(doi))
    .where('r.article_id', '<>', articleId)
    .where(visibleArticle('a', now))
    .where('s.status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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
