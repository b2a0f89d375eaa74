/** What an article's PDF shows of its record: the generated summary sheet and the seeded full texts alike. */
import type { ArticleDetail } from '../../content/types.ts';
import { noticeText } from '../../i18n/notice-label.ts';
import type { ArticlePdfInput } from './pdf.ts';

/** What the PDF shows of an article: both languages where the article has them. */
export function pdfInputOf(article: ArticleDetail): ArticlePdfInput {
  const pages =
    article.firstPage === null
      ? ''
      : `: ${article.firstPage}${article.lastPage === null ? '' : `-${article.lastPage}`}`;
  const citation =
    article.year === null
      ? null
      : `${article.year}${article.volume === null ? '' : `, ${article.volume}`}${article.issue === null ? '' : `(${article.issue})`}${pages}`;
  const enAuthors = article.authors.map((author) => author.enName ?? '').filter((name) => name !== '');
  return {
    title: article.title,
    enTitle: article.enTitle,
    authors: article.authors.map((author) => author.name),
    ...(enAuthors.length === article.authors.length ? { enAuthors } : {}),
    institutions: article.institutions.map((institution) => institution.name),
    abstract: article.abstract,
    enAbstract: article.enAbstract,
    keywords: article.keywords,
    enKeywords: article.enKeywords,
    journal: article.publication.name,
    enJournal: article.publication.enName,
    doi: article.doi,
    citation,
    fund: article.fund,
    publishedDate: article.publishedDate,
    notice: article.notice ? [noticeText(article.notice, 'zh'), noticeText(article.notice, 'en')] : null,
  };
}
