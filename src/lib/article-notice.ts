/**
 * Retractions, withdrawals and expressions of concern (COPE / Crossref), and which corrections a
 * reader is told of: one rule for the article page, every list, the feeds, OAI-PMH and the PDF.
 */
export const NOTICE_KINDS = ['retracted', 'withdrawn', 'concern'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The changes a reader is told of ("Corrected on …"); keywords, pages or references are not. */
export const READER_FIELDS = ['title', 'enTitle', 'authors', 'doi', 'pdf'] as const;
/** Of a news item: what it says and where it links; its type, picture or pinning are not. */
export const NEWS_READER_FIELDS = [
  'title',
  'enTitle',
  'summary',
  'enSummary',
  'content',
  'enContent',
  'sourceLink',
] as const;
/** Of an issue: its volume and date, which a citation names. */
export const ISSUE_READER_FIELDS = ['volume', 'publishDate'] as const;
export type ReaderField =
  | (typeof READER_FIELDS)[number]
  | (typeof NEWS_READER_FIELDS)[number]
  | (typeof ISSUE_READER_FIELDS)[number];

/** One kept version of an article, issue or news item: when, and the fields whose values changed. */
export type ArticleCorrection = { date: string; fields: string[] };

/** The corrections worth telling a reader, newest first, each naming only the reader's fields (an article's by default). */
export function readerCorrections<F extends ReaderField = (typeof READER_FIELDS)[number]>(
  corrections: readonly ArticleCorrection[],
  readerFields: readonly F[] = READER_FIELDS as unknown as readonly F[],
): { date: string; fields: F[] }[] {
  return corrections
    .map((c) => ({ date: c.date, fields: readerFields.filter((field) => c.fields.includes(field)) }))
    .filter((c) => c.fields.length > 0)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/**
 * The HTTP Link header sent with the PDF of an article under a notice (RFC 8288): the article page
 * showing the notice, and the notice article's DOI when there is one. The PDF carries the notice
 * too, but a client reading headers (a harvester, a link checker) learns of it without parsing the file.
 */
export function noticeLinkHeader(pagePath: string, noticeDoi: string | null): string {
  const links = [`<${pagePath}>; rel="describedby"; type="text/html"`];
  if (noticeDoi) links.push(`<https://doi.org/${encodeURI(noticeDoi)}>; rel="related"`);
  return links.join(', ');
}
