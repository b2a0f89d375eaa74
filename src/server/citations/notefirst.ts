/**
 * NoteFirst XML: <Bibliographies count="n"> with one <Bibliography> per article; every value in
 * CDATA. Both languages' titles and abstracts go in, each marked with its language.
 */
import type { Lang } from '../../lib/lang.ts';
import { cdata } from '../xml/escape.ts';
import { bareDoi, type CitationRecord, keywordsIn, pageRange, textIn } from './record.ts';

/** ISO 639-2/B, as NoteFirst marks languages */
const LANGUAGE: Record<Lang, string> = { zh: 'chi', en: 'eng' };

function value(name: string, text: string | number | null, attributes = ''): string {
  const content = text === null ? '' : String(text).trim();
  return content ? `<${name}${attributes}>${cdata(content)}</${name}>` : '';
}

function list(name: string, items: string[]): string {
  const inner = items.filter(Boolean).join('');
  return inner ? `<${name}>${inner}</${name}>` : '';
}

function bilingualValues(name: string, texts: { zh: string | null; en: string | null }, first: Lang): string[] {
  const order: Lang[] = first === 'en' ? ['en', 'zh'] : ['zh', 'en'];
  return order.map((lang) => value(name, texts[lang], ` Lang="${LANGUAGE[lang]}"`));
}

function bibliography(record: CitationRecord, lang: Lang): string {
  const parts = [
    value('Type', 'JournalArticle'),
    value('Language', LANGUAGE[record.language]),
    value('PrimaryTitle', textIn(lang, record.title)),
    list('Titles', bilingualValues('Title', record.title, lang)),
    list(
      'Authors',
      record.authors.map((author) => {
        const name = textIn(lang, author.name);
        if (!name) return '';
        const addresses = author.institutions.map((institution) => value('Address', textIn(lang, institution)));
        return `<Author>${value('Name', name)}${addresses.join('')}</Author>`;
      }),
    ),
    value('Medium', textIn(lang, record.journal)),
    value('ISSN', record.issn ?? record.eissn),
    value('CN', record.cn),
    value('Year', record.year),
    value('Volume', record.volume),
    value('Issue', record.issue),
    value('PageScope', pageRange(record)),
    list(
      'Keywords',
      keywordsIn(lang, record).map((keyword) => value('Keyword', keyword)),
    ),
    list('Abstracts', bilingualValues('Abstract', record.abstract, lang)),
    value('DOI', bareDoi(record)),
    value('URL', record.url),
  ];
  return `<Bibliography>${parts.join('')}</Bibliography>`;
}

export function noteFirst(records: CitationRecord[], lang: Lang): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Bibliographies count="${records.length}">`,
    ...records.map((record) => bibliography(record, lang)),
    '</Bibliographies>',
    '',
  ].join('\n');
}
