/** What an article's PDF shows of its record: the generated summary sheet and the seeded full texts alike. */
import type { ArticleDetail } from '../../content/types.ts';
import { format } from '../../i18n/format.ts';
import { dictionary } from '../../i18n/index.ts';
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

/**
 * The page put in front of the journal's own PDF of an article under a notice: the notice in both
 * languages (what, when, why, where the notice is published), then what the article is.
 */
export function noticePageInput(article: ArticleDetail): ArticlePdfInput | null {
  const { notice } = article;
  if (!notice) return null;
  const lines = (['zh', 'en'] as const).flatMap((lang) => {
    const t = dictionary(lang).pages.notice;
    return [
      t.heading[notice.kind],
      `${format(t.date, { date: notice.date.slice(0, 10) })}${notice.reason ? `  ${t.reason}${notice.reason}` : ''}`,
      ...(notice.doi ? [format(t.pdfNoticeDoi, { doi: notice.doi })] : []),
    ];
  });
  const whole = pdfInputOf(article);
  return {
    title: whole.title,
    enTitle: whole.enTitle,
    authors: whole.authors,
    ...(whole.enAuthors ? { enAuthors: whole.enAuthors } : {}),
    journal: whole.journal,
    enJournal: whole.enJournal,
    doi: whole.doi,
    citation: whole.citation,
    publishedDate: whole.publishedDate,
    notice: [...lines, `${dictionary('zh').pages.notice.pdfFollows} ${dictionary('en').pages.notice.pdfFollows}`],
  };
}

/** The line stamped in the top margin of each page of the journal's PDF under a notice. */
export function noticeStamp(article: ArticleDetail): string {
  const { notice } = article;
  if (!notice) return '';
  const heading = (lang: 'zh' | 'en') => dictionary(lang).pages.notice.heading[notice.kind];
  return `${heading('zh')} · ${heading('en')} · ${notice.date.slice(0, 10)}${notice.doi ? ` · https://doi.org/${notice.doi}` : ''}`;
}
