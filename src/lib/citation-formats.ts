import { apiPaths } from './api-paths.ts';
import type { Lang } from './lang.ts';

/** docs/product-rules.md#citation-exports: the citation download formats, as rc-pub's citationType values. */
export const CITATION_FORMATS = ['BibTeX', 'Endnote', 'RefMan', 'NoteExpress', 'NoteFirst'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** The download of articles' citations in a format (the site comes from the host). */
export function citationDownloadUrl(ids: readonly number[], format: CitationFormat, lang: Lang): string {
  const query = new URLSearchParams({ ids: ids.join(','), citationType: format, language: lang });
  return `${apiPaths.downloadCitation}?${query}`;
}
