/** EndNote tagged import format (.enw, refer-style '%X value' lines), one blank line between records. */
import type { Lang } from '../../lib/lang.ts';
import type { CitationRecord } from './record.ts';
import { fieldValues, type TagTable, taggedRecord } from './tagged-lines.ts';

const TAGS: TagTable = [
  ['title', '%T'],
  ['author', '%A'],
  ['address', '%+'],
  ['journal', '%J'],
  ['year', '%D'],
  ['volume', '%V'],
  ['issue', '%N'],
  ['pages', '%P'],
  ['keywords', '%K'],
  ['abstract', '%X'],
  ['issn', '%@'],
  ['doi', '%R'],
  ['url', '%U'],
  ['language', '%G'],
];

function endnoteRecord(record: CitationRecord, lang: Lang): string {
  const lines = taggedRecord(fieldValues(record, lang), TAGS, (tag, text) => `${tag} ${text}`);
  return ['%0 Journal Article', ...lines].join('\n');
}

export function endnote(records: CitationRecord[], lang: Lang): string {
  return `${records.map((record) => endnoteRecord(record, lang)).join('\n\n')}\n`;
}
