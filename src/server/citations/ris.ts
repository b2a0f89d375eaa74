/** RefMan / RIS through plugin-ris. */
import type { Lang } from '../../lib/lang.ts';
import { Cite } from './citation-js.ts';
import { cslItem } from './csl-item.ts';
import type { CitationRecord } from './record.ts';

/** RIS values are single lines */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

export function ris(records: CitationRecord[], lang: Lang): string {
  return new Cite(records.map((record) => cslItem(record, lang, oneLine))).format('ris', { format: 'text' });
}
