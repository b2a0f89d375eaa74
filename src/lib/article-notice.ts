/**
 * Retractions, withdrawals and expressions of concern (COPE / Crossref), and which corrections a
 * reader is told of: one rule for the article page, every list, the feeds, OAI-PMH and the PDF.
 */
import { dictionary } from '../i18n/index.ts';
import type { Lang } from './lang.ts';

export const NOTICE_KINDS = ['retracted', 'withdrawn', 'concern'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The label a list shows beside the title ('撤稿', 'Retracted'). */
export const noticeLabel = (kind: NoticeKind, lang: Lang): string => dictionary(lang).pages.notice.label[kind];

/** A title as a list of feeds or harvesters sees it: the label first when the article has a notice. */
export const titleWithNotice = (title: string, kind: NoticeKind | null, lang: Lang): string => (kind ? `[${noticeLabel(kind, lang)}] ${title}` : title);

/** The notice as one line of text (feeds, OAI-PMH, meta tags): 'Retracted 2026-05-01: reason'. */
export const noticeText = (notice: { kind: NoticeKind; date: string; reason: string }, lang: Lang): string =>
  `${noticeLabel(notice.kind, lang)} ${notice.date.slice(0, 10)}${notice.reason ? `: ${notice.reason}` : ''}`;

/** The changes a reader is told of ("Corrected on …"); keywords, pages or references are not. */
export const READER_FIELDS = ['title', 'enTitle', 'authors', 'doi', 'pdf'] as const;
export type ReaderField = (typeof READER_FIELDS)[number];

/** One kept version of an article: when, and the fields whose values changed. */
export type ArticleCorrection = { date: string; fields: string[] };

/** The corrections worth telling a reader, newest first, each naming only the reader's fields. */
export function readerCorrections(corrections: readonly ArticleCorrection[]): { date: string; fields: ReaderField[] }[] {
  return corrections
    .map((c) => ({ date: c.date, fields: READER_FIELDS.filter((field) => c.fields.includes(field)) }))
    .filter((c) => c.fields.length > 0)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
