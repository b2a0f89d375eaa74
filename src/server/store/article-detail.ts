/** The full article page record: authors with institutions, references, figures, journal and column. */
import type { ArticleDetail } from '../../content/types.ts';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary } from './articles.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { all, int, intOrNull, one, type Row, splitList, str, strOrNull } from './sql.ts';

const DETAIL_SELECT = `SELECT ${SUMMARY_COLUMNS}, a.abstract, a.en_abstract, a.keywords, a.en_keywords, a.language, a.fund,
  a.en_fund, a.received_date, a.revised_date, a.updated_at,
  pub.name AS pub_name, pub.en_name AS pub_en_name, pub.issn AS pub_issn, pub.eissn AS pub_eissn, pub.cn AS pub_cn,
  pub.publisher AS pub_publisher, pub.en_publisher AS pub_en_publisher,
  c.id AS col_id, c.name AS col_name, c.en_name AS col_en_name
  FROM ${SUMMARY_FROM}
  JOIN publications pub ON pub.id = a.publication_id
  LEFT JOIN columns c ON c.id = a.column_id`;

export function getArticle(db: Db, siteId: number, articleId: number): ArticleDetail | null {
  const row = one(db, `${DETAIL_SELECT} WHERE a.id = ? AND a.site_id = ? AND a.status <> 'draft'`, articleId, siteId);
  return row ? toDetail(db, row) : null;
}

/** DOIs are case-insensitive (DOI Handbook 2.4); matched through the lower(doi) index. */
export function getArticleByDoi(db: Db, siteId: number, doi: string): ArticleDetail | null {
  const row = one(
    db,
    `${DETAIL_SELECT} WHERE lower(a.doi) = ? AND a.site_id = ? AND a.status <> 'draft' ORDER BY a.id LIMIT 1`,
    doi.trim().toLowerCase(),
    siteId,
  );
  return row ? toDetail(db, row) : null;
}

/** Institution positions are stored as '1;2' or '1,2'. */
export function parsePositions(value: string): number[] {
  return splitList(value, /[;,；，]/)
    .map((part) => Number(part))
    .filter((position) => Number.isInteger(position) && position > 0);
}

function toDetail(db: Db, row: Row): ArticleDetail {
  const summary = toSummary(row);
  const id = summary.id;
  const authorRows = all(
    db,
    'SELECT name, en_name, email, orcid, corresponding, institution_positions FROM authors WHERE article_id = ? ORDER BY position, id',
    id,
  );
  const authorDetails = authorRows.map((author) => ({
    name: str(author, 'name'),
    enName: strOrNull(author, 'en_name'),
    email: strOrNull(author, 'email'),
    orcid: strOrNull(author, 'orcid'),
    corresponding: int(author, 'corresponding'),
    institutionPositions: parsePositions(str(author, 'institution_positions')),
  }));
  summary.authors = authorDetails.map((author) => ({ name: author.name, enName: author.enName }));
  const institutions = all(db, 'SELECT position, name, en_name FROM institutions WHERE article_id = ? ORDER BY position, id', id).map(
    (institution) => ({
      position: int(institution, 'position'),
      name: str(institution, 'name'),
      enName: strOrNull(institution, 'en_name'),
    }),
  );
  const references = all(db, 'SELECT position, text, doi FROM article_references WHERE article_id = ? ORDER BY position, id', id).map(
    (reference) => ({ position: int(reference, 'position'), text: str(reference, 'text'), doi: strOrNull(reference, 'doi') }),
  );
  const figures = all(
    db,
    `SELECT id, kind, position, caption, en_caption, file_id, table_html FROM figures
     WHERE article_id = ? AND site_id = ? ORDER BY kind, position, id`,
    id,
    summary.siteId,
  ).map((figure) => ({
    id: int(figure, 'id'),
    kind: str(figure, 'kind') === 'table' ? ('table' as const) : ('picture' as const),
    position: int(figure, 'position'),
    caption: str(figure, 'caption'),
    enCaption: strOrNull(figure, 'en_caption'),
    imageUrl: fileUrl(intOrNull(figure, 'file_id')),
    tableHtml: strOrNull(figure, 'table_html'),
  }));
  const columnId = intOrNull(row, 'col_id');
  return {
    ...summary,
    abstract: strOrNull(row, 'abstract'),
    enAbstract: strOrNull(row, 'en_abstract'),
    keywords: splitList(strOrNull(row, 'keywords')),
    enKeywords: splitList(strOrNull(row, 'en_keywords')),
    language: str(row, 'language') === 'en' ? 'en' : 'zh',
    fund: strOrNull(row, 'fund'),
    enFund: strOrNull(row, 'en_fund'),
    receivedDate: strOrNull(row, 'received_date'),
    revisedDate: strOrNull(row, 'revised_date'),
    updatedAt: str(row, 'updated_at'),
    authorDetails,
    institutions,
    references,
    figures,
    publication: {
      id: summary.publicationId,
      name: str(row, 'pub_name'),
      enName: str(row, 'pub_en_name'),
      issn: strOrNull(row, 'pub_issn'),
      eissn: strOrNull(row, 'pub_eissn'),
      cn: strOrNull(row, 'pub_cn'),
      publisher: strOrNull(row, 'pub_publisher'),
      enPublisher: strOrNull(row, 'pub_en_publisher'),
    },
    column: columnId === null ? null : { id: columnId, name: str(row, 'col_name'), enName: str(row, 'col_en_name') },
  };
}
