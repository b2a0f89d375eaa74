/**
 * NoteExpress tagged text: each record starts '{Reference Type}: Journal Article' and has one
 * '{Field}: value' line a field, Author once per author. Records are separated by a blank line.
 */
import type { Lang } from '../../lib/lang.ts';
import type { CitationRecord } from './record.ts';
import { fieldValues, type TagTable, taggedRecord } from './tagged-lines.ts';

const FIELDS: TagTable = [
  ['title', 'Title'],
  ['translatedTitle', 'Translated Title'],
  ['author', 'Author'],
  ['address', 'Author Address'],
  ['journal', 'Journal'],
  ['year', 'Year'],
  ['volume', 'Volume'],
  ['issue', 'Issue'],
  ['pages', 'Pages'],
  ['keywords', 'Keywords', ';'],
  ['abstract', 'Abstract'],
  ['issn', 'ISBN/ISSN'],
  ['url', 'URL'],
  ['doi', 'DOI'],
];

function noteExpressRecord(record: CitationRecord, lang: Lang): string {
  const lines = taggedRecord(fieldValues(record, lang), FIELDS, (field, text) => `{${field}}: ${text}`);
  return ['{Reference Type}: Journal Article', ...lines].join('\n');
}

export function noteExpress(records: CitationRecord[], lang: Lang): string {
  return `${records.map((record) => noteExpressRecord(record, lang)).join('\n\n')}\n`;
}
