/** Simple Dublin Core (oai_dc) from a citation record: both languages, each marked with xml:lang. */
import { noticeText } from '../../i18n/notice-label.ts';
import type { Lang } from '../../lib/lang.ts';
import { bareDoi, type CitationRecord, pageRange, textIn } from '../citations/record.ts';
import { escapeXml } from '../xml/escape.ts';

function dc(name: string, text: string | null, lang?: Lang): string {
  const value = text?.trim();
  if (!value) return '';
  return `<dc:${name}${lang ? ` xml:lang="${lang}"` : ''}>${escapeXml(value)}</dc:${name}>`;
}

/** 'Journal, 2012, 52(11): 1518-1523' */
function source(record: CitationRecord, lang: Lang): string {
  const volumeIssue = `${record.volume ?? ''}${record.issue ? `(${record.issue})` : ''}`;
  const head = [textIn(lang, record.journal), record.year === null ? '' : String(record.year), volumeIssue]
    .filter(Boolean)
    .join(', ');
  const pages = pageRange(record);
  return pages ? `${head}: ${pages}` : head;
}

export function oaiDc(record: CitationRecord): string {
  const langs: Lang[] = record.language === 'en' ? ['en', 'zh'] : ['zh', 'en'];
  const doi = bareDoi(record);
  const parts = [
    ...langs.map((lang) => dc('title', record.title[lang], lang)),
    ...record.authors.map((author) => dc('creator', textIn(record.language, author.name))),
    ...langs.flatMap((lang) => record.keywords[lang].map((keyword) => dc('subject', keyword, lang))),
    ...langs.map((lang) => dc('description', record.abstract[lang], lang)),
    ...langs.map((lang) => dc('description', record.notice ? noticeText(record.notice, lang) : null, lang)),
    dc('relation', record.notice?.doi ? `https://doi.org/${record.notice.doi}` : null),
    ...langs.map((lang) => dc('publisher', record.publisher[lang], lang)),
    dc('date', record.year === null ? null : String(record.year)),
    dc('type', 'Text'),
    dc('type', 'info:eu-repo/semantics/article'),
    dc('identifier', doi ? `https://doi.org/${doi}` : null),
    dc('identifier', record.url),
    ...langs.map((lang) => dc('source', record.journal[lang] ? source(record, lang) : null, lang)),
    dc('source', record.issn ? `ISSN ${record.issn}` : null),
    dc('language', record.language),
  ];
  return [
    '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">',
    parts.filter(Boolean).join(''),
    '</oai_dc:dc>',
  ].join('');
}
