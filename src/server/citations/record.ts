/**
 * The plain record every citation writer reads: both languages side by side, no markup, no store
 * types, so writers stay pure and can be fed from the store, rc-pub or a test alike.
 */
import type { NoticeKind } from '../../lib/article-notice.ts';
import type { Lang } from '../../lib/lang.ts';

export type Bilingual = { zh: string | null; en: string | null };

export type CitationAuthor = {
  name: Bilingual;
  /** the author's institutions in the article's order */
  institutions: Bilingual[];
};

export type CitationRecord = {
  id: number;
  /** the language the article is written in */
  language: Lang;
  title: Bilingual;
  authors: CitationAuthor[];
  journal: Bilingual;
  issn: string | null;
  eissn: string | null;
  cn: string | null;
  publisher: Bilingual;
  year: number | null;
  /** the day of publication as ISO 8601 (YYYY-MM-DD, or shorter where only part is known) */
  publishedDate: string | null;
  volume: string | null;
  issue: string | null;
  firstPage: string | null;
  lastPage: string | null;
  doi: string | null;
  keywords: { zh: string[]; en: string[] };
  abstract: Bilingual;
  /** the absolute article page URL */
  url: string | null;
  /** a retraction, withdrawal or expression of concern, and the notice article's DOI */
  notice?: { kind: NoticeKind; date: string; reason: string; doi: string | null } | null;
};

/** The text for a language, else the other language's, else ''. */
export function textIn(lang: Lang, value: Bilingual): string {
  const primary = lang === 'en' ? value.en : value.zh;
  const secondary = lang === 'en' ? value.zh : value.en;
  return (primary ?? '').trim() || (secondary ?? '').trim();
}

export function keywordsIn(lang: Lang, record: CitationRecord): string[] {
  const primary = lang === 'en' ? record.keywords.en : record.keywords.zh;
  const secondary = lang === 'en' ? record.keywords.zh : record.keywords.en;
  const chosen = primary.length > 0 ? primary : secondary;
  return chosen.map((keyword) => keyword.trim()).filter(Boolean);
}

/** '12-19', '12' or '' */
export function pageRange(record: CitationRecord): string {
  const first = record.firstPage?.trim() ?? '';
  const last = record.lastPage?.trim() ?? '';
  if (!first) return '';
  return last && last !== first ? `${first}-${last}` : first;
}

/** The known parts of the publication date: [year, month?, day?], or null. */
export function dateParts(record: CitationRecord): [string, string?, string?] | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(record.publishedDate?.trim() ?? '');
  if (!match?.[1]) return null;
  const [, year, month, day] = match;
  return month ? (day ? [year, month, day] : [year, month]) : [year];
}

/** The bare DOI, without a resolver prefix. */
export function bareDoi(record: CitationRecord): string {
  return (record.doi ?? '').trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
}
