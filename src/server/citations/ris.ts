/**
 * RefMan / RIS (the RIS format specification's tag list): 'XX  - value' lines ending CR LF, TY
 * first and ER last in each record. Written here rather than by plugin-ris, which wraps long values
 * onto untagged lines mid-word, keeps page ranges in SP and writes 'YYYY///' for a bare year.
 */
import type { Lang } from '../../lib/lang.ts';
import { HAN, invertedName } from './names.ts';
import { bareDoi, type CitationRecord, dateParts, keywordsIn, textIn } from './record.ts';
import { oneLine } from './tagged-lines.ts';

const EOL = '\r\n';

/**
 * 'YYYY/MM/DD/' with what is known; a bare year is PY's alone, and a date in another year than
 * the issue's (online first) is left out, so a reader never meets two publication years.
 */
function risDate(record: CitationRecord): string {
  const parts = dateParts(record);
  if (!parts || parts.length < 2) return '';
  const [year, month, day] = parts;
  if (record.year !== null && String(record.year) !== year) return '';
  return `${year}/${month}/${day ?? ''}/`;
}

function risRecord(record: CitationRecord, lang: Lang): string {
  const lines: string[] = [];
  const add = (tag: string, value: string | number | null | undefined) => {
    const text = oneLine(value === null || value === undefined ? '' : String(value));
    if (text) lines.push(`${tag}  - ${text}`);
  };
  add('TY', 'JOUR');
  add('TI', textIn(lang, record.title));
  for (const author of record.authors)
    add('AU', invertedName(textIn(lang, author.name), HAN.test(author.name.zh ?? '')));
  add('T2', textIn(lang, record.journal));
  add('PY', record.year ?? dateParts(record)?.[0]);
  add('DA', risDate(record));
  add('VL', record.volume);
  add('IS', record.issue);
  const first = record.firstPage?.trim() ?? '';
  const last = record.lastPage?.trim() ?? '';
  add('SP', first);
  if (first && last !== first) add('EP', last);
  add('SN', record.issn ?? record.eissn);
  add('PB', textIn(lang, record.publisher));
  add('DO', bareDoi(record));
  add('UR', record.url);
  for (const keyword of keywordsIn(lang, record)) add('KW', keyword);
  add('AB', textIn(lang, record.abstract));
  add('LA', record.language === 'zh' ? 'Chinese' : 'English');
  add('ID', record.id);
  lines.push('ER  - ');
  return lines.join(EOL);
}

export function ris(records: CitationRecord[], lang: Lang): string {
  return records.map((record) => risRecord(record, lang) + EOL).join(EOL);
}
