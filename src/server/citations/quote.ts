/**
 * The two citation strings of an article (rc-pub batchPublicizeInfo): quote in GB/T 7714-2015
 * from the Chinese fields, transQuote in APA from the English fields, each falling back to the
 * other language where a field is missing.
 */
import { Cite, GBT_EN, GBT_ZH } from './citation-js.ts';
import { cslItem } from './csl-item.ts';
import type { CitationRecord } from './record.ts';

export type CitationQuote = { quote: string; transQuote: string };

function bibliography(item: ReturnType<typeof cslItem>, template: string): string {
  return new Cite([item]).format('bibliography', { format: 'text', template, lang: 'en-US' }).trim();
}

export function gbtQuote(record: CitationRecord): string {
  const item = cslItem(record, 'zh');
  return bibliography(item, item['language'] === 'zh-CN' ? GBT_ZH : GBT_EN);
}

export function apaQuote(record: CitationRecord): string {
  return bibliography(cslItem(record, 'en'), 'apa');
}

export function citationQuote(record: CitationRecord): CitationQuote {
  return { quote: gbtQuote(record), transQuote: apaQuote(record) };
}
