/** The basket's call for the citation text of articles (batchPublicizeInfo). */
import { apiPaths } from '../../lib/api-paths.ts';
import type { Lang } from '../../lib/lang.ts';
import { browserApi } from './api.ts';

export type Citation = { id: number; quote: string; transQuote: string };

function isCitation(value: unknown): value is Citation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['id'] === 'number' && typeof v['quote'] === 'string' && typeof v['transQuote'] === 'string';
}

/** Checks the envelope's data (Citation[]); throws on anything else. Hand-written: zod would outweigh the island. */
export function parseCitations(data: unknown): Citation[] {
  if (!Array.isArray(data) || !data.every(isCitation)) throw new Error('bad response');
  return data;
}

/** The citations of the articles that still exist; an id missing from the answer is a deleted article. */
export function fetchCitations(siteId: number, ids: readonly number[]): Promise<Citation[]> {
  return browserApi(siteId).get(apiPaths.batchPublicizeInfo, {
    query: { siteId, ids: ids.join(',') },
    parse: parseCitations,
  });
}

/** The text a citation list shows in a language: GB/T 7714 for Chinese, APA for English. */
export function citationText(citation: Citation, lang: Lang): string {
  return lang === 'en' ? citation.transQuote : citation.quote;
}
