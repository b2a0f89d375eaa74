/** A CitationRecord in one language as a CSL-JSON item, the input of every citation-js writer. */
import type { CslItem } from '@citation-js/core';
import type { Lang } from '../../lib/lang.ts';
import { cslName, HAN } from './names.ts';
import { bareDoi, type CitationRecord, keywordsIn, pageRange, textIn } from './record.ts';

/** CSL language tags (BCP 47) */
const CSL_LANGUAGE: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };

export function cslItem(
  record: CitationRecord,
  lang: Lang,
  mapText: (text: string) => string = (text) => text,
): CslItem {
  // the language of the text written out, which is the other one when this language is missing
  const written: Lang = (lang === 'en' ? record.title.en : record.title.zh)?.trim()
    ? lang
    : lang === 'en'
      ? 'zh'
      : 'en';
  const item: CslItem = { id: String(record.id), type: 'article-journal', language: CSL_LANGUAGE[written] };
  const set = (field: string, value: string | null) => {
    if (value) item[field] = mapText(value);
  };
  set('title', textIn(lang, record.title));
  set('container-title', textIn(lang, record.journal));
  set('volume', record.volume);
  set('issue', record.issue);
  set('page', pageRange(record));
  set('abstract', textIn(lang, record.abstract));
  set('publisher', textIn(lang, record.publisher));
  set('ISSN', record.issn ?? record.eissn);
  const keywords = keywordsIn(lang, record);
  // CSL keeps keywords as one comma-separated string; commas inside a keyword would split it
  if (keywords.length > 0) item['keyword'] = keywords.map((keyword) => mapText(keyword.replaceAll(',', ' '))).join(',');
  const authors = record.authors.filter((author) => textIn(lang, author.name));
  if (authors.length > 0) {
    item.author = authors.map((author) => {
      const name = cslName(textIn(lang, author.name), HAN.test(author.name.zh ?? ''));
      return Object.fromEntries(Object.entries(name).map(([part, value]) => [part, mapText(value)]));
    });
  }
  if (record.year !== null) item.issued = { 'date-parts': [[record.year]] };
  const doi = bareDoi(record);
  if (doi) item.DOI = doi;
  if (record.url) item['URL'] = record.url;
  return item;
}
