/** Maps the article page record to a CitationRecord: plain text only, nothing read from a store. */
import type { CitedArticle } from '../../content/types.ts';
import { plainText } from '../../lib/sanitize.ts';
import type { Bilingual, CitationRecord } from './record.ts';

function bilingual(zh: string | null, en: string | null): Bilingual {
  return { zh: plainOrNull(zh), en: plainOrNull(en) };
}

function plainOrNull(value: string | null): string | null {
  if (value === null) return null;
  return plainText(value).trim() || null;
}

function numberText(value: number | null): string | null {
  return value === null ? null : String(value);
}

/** articleUrl: the absolute article page URL, built by the caller from the request's origin */
export function citationFromArticle(article: CitedArticle, articleUrl: string | null): CitationRecord {
  const institutionAt = new Map(article.institutions.map((institution) => [institution.position, institution]));
  return {
    id: article.id,
    language: article.language,
    title: bilingual(article.title, article.enTitle),
    authors: article.authorDetails.map((author) => ({
      name: bilingual(author.name, author.enName),
      institutions: author.institutionPositions.flatMap((position) => {
        const institution = institutionAt.get(position);
        return institution ? [bilingual(institution.name, institution.enName)] : [];
      }),
    })),
    journal: bilingual(article.publication.name, article.publication.enName),
    issn: article.publication.issn,
    eissn: article.publication.eissn,
    cn: article.publication.cn,
    publisher: bilingual(article.publication.publisher, article.publication.enPublisher),
    year: article.year,
    publishedDate: article.publishedDate?.trim() || null,
    volume: numberText(article.volume),
    issue: numberText(article.issue),
    firstPage: numberText(article.firstPage),
    lastPage: numberText(article.lastPage),
    doi: article.doi?.trim() || null,
    keywords: {
      zh: article.keywords.map((keyword) => plainText(keyword).trim()).filter(Boolean),
      en: article.enKeywords.map((keyword) => plainText(keyword).trim()).filter(Boolean),
    },
    abstract: bilingual(article.abstract, article.enAbstract),
    url: articleUrl,
    notice: article.notice
      ? { kind: article.notice.kind, date: article.notice.date, reason: article.notice.reason, doi: article.notice.doi }
      : null,
  };
}
