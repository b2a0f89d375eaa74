/**
 * The line-tagged formats (EndNote, NoteExpress) write the same values under their own tags:
 * fieldValues reads them once, taggedRecord writes them in a format's order.
 */
import type { Lang } from '../../lib/lang.ts';
import { HAN, invertedName } from './names.ts';
import { bareDoi, type CitationRecord, keywordsIn, pageRange, textIn } from './record.ts';

/** A value on one line: every line break a reader could see becomes a space, other controls go. */
export function oneLine(text: string): string {
  return text
    .replace(/\s*[\r\n\v\f\u0085\u2028\u2029]+\s*/g, ' ')
    .replace(/(?!\t)\p{Cc}/gu, '')
    .trim();
}

export type TaggedField =
  | 'title'
  | 'translatedTitle'
  | 'author'
  | 'address'
  | 'journal'
  | 'year'
  | 'volume'
  | 'issue'
  | 'pages'
  | 'keywords'
  | 'abstract'
  | 'issn'
  | 'url'
  | 'doi'
  | 'language';

function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'zh' : 'en';
}

/** Every value of each field; a field with several values (authors, keywords) has one entry each. */
export function fieldValues(record: CitationRecord, lang: Lang): Record<TaggedField, string[]> {
  const title = textIn(lang, record.title);
  const translated = textIn(otherLang(lang), record.title);
  const one = (value: string | number | null) => (value === null || value === '' ? [] : [String(value)]);
  return {
    title: one(title),
    translatedTitle: translated === title ? [] : one(translated),
    // 'Family, Given': 'YU Xiao' read as given name YU would be a different author
    author: record.authors.map((author) => invertedName(textIn(lang, author.name), HAN.test(author.name.zh ?? ''))),
    // one address line per author: the author's institutions
    address: record.authors.map((author) =>
      author.institutions
        .map((institution) => textIn(lang, institution))
        .filter(Boolean)
        .join('; '),
    ),
    journal: one(textIn(lang, record.journal)),
    year: one(record.year),
    volume: one(record.volume),
    issue: one(record.issue),
    pages: one(pageRange(record)),
    keywords: keywordsIn(lang, record),
    abstract: one(textIn(lang, record.abstract)),
    issn: one(record.issn ?? record.eissn),
    url: one(record.url),
    doi: one(bareDoi(record)),
    language: [record.language === 'zh' ? 'Chinese' : 'English'],
  };
}

/** [field, tag, joiner]: with a joiner the values share one line, else each has its own */
export type TagTable = [TaggedField, string, string?][];

export function taggedRecord(
  values: Record<TaggedField, string[]>,
  table: TagTable,
  line: (tag: string, text: string) => string,
): string[] {
  return table.flatMap(([field, tag, joiner]) => {
    const texts = values[field].map(oneLine).filter(Boolean);
    const grouped = joiner === undefined ? texts : texts.length > 0 ? [texts.join(joiner)] : [];
    return grouped.map((text) => line(tag, text));
  });
}
