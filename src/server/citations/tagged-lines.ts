/** Shared by the line-tagged writers (EndNote, NoteExpress): one value a line, no line breaks. */
import type { Lang } from '../../lib/lang.ts';
import { type CitationRecord, textIn } from './record.ts';

export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}

/** Each author's institutions in the language, as one address line per author */
export function authorAddresses(record: CitationRecord, lang: Lang): string[] {
  return record.authors
    .map((author) => author.institutions.map((institution) => textIn(lang, institution)).filter(Boolean).join('; '))
    .filter(Boolean);
}

export function authorNames(record: CitationRecord, lang: Lang): string[] {
  return record.authors.map((author) => textIn(lang, author.name)).filter(Boolean);
}
