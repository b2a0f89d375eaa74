/**
 * NoteExpress tagged text: each record starts '{Reference Type}: Journal Article' and has one
 * '{Field}: value' line a field, Author once per author. Records are separated by a blank line.
 */
import type { Lang } from '../../lib/lang.ts';
import { bareDoi, type CitationRecord, keywordsIn, pageRange, textIn } from './record.ts';
import { authorAddresses, authorNames, oneLine } from './tagged-lines.ts';

function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'zh' : 'en';
}

function noteExpressRecord(record: CitationRecord, lang: Lang): string {
  const lines = ['{Reference Type}: Journal Article'];
  const add = (field: string, value: string | number | null) => {
    const text = value === null ? '' : oneLine(String(value));
    if (text) lines.push(`{${field}}: ${text}`);
  };
  const title = textIn(lang, record.title);
  const translated = textIn(otherLang(lang), record.title);
  add('Title', title);
  if (translated !== title) add('Translated Title', translated);
  for (const author of authorNames(record, lang)) add('Author', author);
  for (const address of authorAddresses(record, lang)) add('Author Address', address);
  add('Journal', textIn(lang, record.journal));
  add('Year', record.year);
  add('Volume', record.volume);
  add('Issue', record.issue);
  add('Pages', pageRange(record));
  add('Keywords', keywordsIn(lang, record).join(';'));
  add('Abstract', textIn(lang, record.abstract));
  add('ISBN/ISSN', record.issn ?? record.eissn);
  add('URL', record.url);
  add('DOI', bareDoi(record));
  return lines.join('\n');
}

export function noteExpress(records: CitationRecord[], lang: Lang): string {
  return `${records.map((record) => noteExpressRecord(record, lang)).join('\n\n')}\n`;
}
