/** EndNote tagged import format (.enw, refer-style '%X value' lines), one blank line between records. */
import type { Lang } from '../../lib/lang.ts';
import { bareDoi, type CitationRecord, keywordsIn, pageRange, textIn } from './record.ts';
import { authorAddresses, authorNames, oneLine } from './tagged-lines.ts';

function endnoteRecord(record: CitationRecord, lang: Lang): string {
  const lines = ['%0 Journal Article'];
  const add = (tag: string, value: string | number | null) => {
    const text = value === null ? '' : oneLine(String(value));
    if (text) lines.push(`${tag} ${text}`);
  };
  add('%T', textIn(lang, record.title));
  for (const author of authorNames(record, lang)) add('%A', author);
  for (const address of authorAddresses(record, lang)) add('%+', address);
  add('%J', textIn(lang, record.journal));
  add('%D', record.year);
  add('%V', record.volume);
  add('%N', record.issue);
  add('%P', pageRange(record));
  for (const keyword of keywordsIn(lang, record)) add('%K', keyword);
  add('%X', textIn(lang, record.abstract));
  add('%@', record.issn ?? record.eissn);
  add('%R', bareDoi(record));
  add('%U', record.url);
  add('%G', record.language === 'zh' ? 'Chinese' : 'English');
  return lines.join('\n');
}

export function endnote(records: CitationRecord[], lang: Lang): string {
  return `${records.map((record) => endnoteRecord(record, lang)).join('\n\n')}\n`;
}
