/**
 * What an OAI-PMH record's metadata needs of a page of articles, read for the whole page at once:
 * three queries a page (articles with journal and issue, authors, institutions) instead of an
 * article page's dozen reads per record, and only the columns a citation prints.
 */
import type { CitedArticle } from '../../content/types.ts';
import { parsePositions } from './article-detail.ts';
import { CITATION_COLUMNS, SUMMARY_COLUMNS, summaryFrom, toSummary } from './articles.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { splitList } from './sql.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

/** The articles among `ids` the public can see now, by id, with what their citations print. */
export async function citedArticles(
  db: Db,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, CitedArticle>> {
  const cited = new Map<number, CitedArticle>();
  if (ids.length === 0) return cited;
  const q = kysely(db);
  const [rows, authors, institutions] = await Promise.all([
    summaryFrom(q)
      .innerJoin('publications as pub', 'pub.id', 'a.publication_id')
      .select(SUMMARY_COLUMNS)
      .select(CITATION_COLUMNS)
      .where('a.site_id', '=', siteId)
      .where('a.id', 'in', ids)
      .where(visibleArticle('a', visibilityNow()))
      .execute(),
    q
      .selectFrom('authors')
      .select(['article_id', 'name', 'en_name', 'institution_positions'])
      .where('article_id', 'in', ids)
      .orderBy('article_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    q
      .selectFrom('institutions')
      .select(['article_id', 'position', 'name', 'en_name'])
      .where('article_id', 'in', ids)
      .orderBy('article_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  for (const row of rows) {
    const summary = toSummary(row);
    cited.set(row.id, {
      id: row.id,
      language: row.language === 'en' ? 'en' : 'zh',
      title: summary.title,
      enTitle: summary.enTitle,
      year: summary.year,
      publishedDate: summary.publishedDate,
      volume: summary.volume,
      issue: summary.issue,
      firstPage: summary.firstPage,
      lastPage: summary.lastPage,
      doi: summary.doi,
      keywords: splitList(row.keywords),
      enKeywords: splitList(row.en_keywords),
      abstract: row.abstract,
      enAbstract: row.en_abstract,
      authorDetails: [],
      institutions: [],
      notice:
        summary.noticeKind === null
          ? null
          : {
              kind: summary.noticeKind,
              date: row.notice_date ?? '',
              reason: row.notice_reason ?? '',
              doi: row.notice_doi,
            },
      publication: {
        name: row.pub_name,
        enName: row.pub_en_name,
        issn: row.pub_issn,
        eissn: row.pub_eissn,
        cn: row.pub_cn,
        publisher: row.pub_publisher,
        enPublisher: row.pub_en_publisher,
      },
    });
  }
  for (const author of authors)
    cited.get(author.article_id)?.authorDetails.push({
      name: author.name,
      enName: author.en_name,
      institutionPositions: parsePositions(author.institution_positions),
    });
  for (const institution of institutions)
    cited
      .get(institution.article_id)
      ?.institutions.push({ position: institution.position, name: institution.name, enName: institution.en_name });
  return cited;
}
