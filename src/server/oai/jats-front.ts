/**
 * JATS 1.3 (archiving) front matter from a citation record: journal-meta and article-meta only,
 * the article's language as the main one and the other as trans-title / trans-abstract.
 */
import type { Lang } from '../../lib/lang.ts';
import { type Bilingual, bareDoi, type CitationRecord } from '../citations/record.ts';
import { escapeXml } from '../xml/escape.ts';

export const JATS_NAMESPACE = 'https://jats.nlm.nih.gov/ns/archiving/1.3/';
export const JATS_SCHEMA = 'https://jats.nlm.nih.gov/archiving/1.3/xsd/JATS-archivearticle1-3.xsd';

function tag(name: string, text: string | null | undefined, attributes = ''): string {
  const value = text?.trim();
  return value ? `<${name}${attributes}>${escapeXml(value)}</${name}>` : '';
}

function other(lang: Lang): Lang {
  return lang === 'en' ? 'zh' : 'en';
}

/** the main-language text, or the other language's when the main one is missing */
function main(value: Bilingual, lang: Lang): string | null {
  return value[lang]?.trim() || value[other(lang)]?.trim() || null;
}

/** the other language's text, only when it exists beside a main-language text */
function translated(value: Bilingual, lang: Lang): string | null {
  return value[lang]?.trim() ? value[other(lang)]?.trim() || null : null;
}

function journalMeta(record: CitationRecord, lang: Lang): string {
  const trans = translated(record.journal, lang);
  const titles = [
    tag('journal-title', main(record.journal, lang)),
    trans ? `<trans-title-group xml:lang="${other(lang)}">${tag('trans-title', trans)}</trans-title-group>` : '',
  ];
  const publisher = main(record.publisher, lang);
  return [
    '<journal-meta>',
    `<journal-title-group>${titles.join('')}</journal-title-group>`,
    tag('issn', record.issn, ' publication-format="print"'),
    tag('issn', record.eissn, ' publication-format="electronic"'),
    publisher ? `<publisher>${tag('publisher-name', publisher)}</publisher>` : '',
    '</journal-meta>',
  ].join('');
}

function contributors(record: CitationRecord): { contribs: string; affs: string } {
  const affIds = new Map<string, string>();
  const affs: string[] = [];
  const contribs = record.authors.map((author) => {
    const names = (['zh', 'en'] as const).flatMap((lang) => {
      const name = author.name[lang]?.trim();
      return name ? [tag('string-name', name, ` xml:lang="${lang}"`)] : [];
    });
    const xrefs = author.institutions.map((institution) => {
      const key = `${institution.zh ?? ''}\u0000${institution.en ?? ''}`;
      let id = affIds.get(key);
      if (!id) {
        id = `aff${affIds.size + 1}`;
        affIds.set(key, id);
        const parts = (['zh', 'en'] as const).flatMap((lang) => {
          const name = institution[lang]?.trim();
          return name ? [tag('institution', name, ` xml:lang="${lang}"`)] : [];
        });
        affs.push(`<aff id="${id}">${parts.join('')}</aff>`);
      }
      return `<xref ref-type="aff" rid="${id}"/>`;
    });
    const name = names.length > 1 ? `<name-alternatives>${names.join('')}</name-alternatives>` : (names[0] ?? '');
    return `<contrib contrib-type="author">${name}${xrefs.join('')}</contrib>`;
  });
  return {
    contribs: contribs.length > 0 ? `<contrib-group>${contribs.join('')}</contrib-group>` : '',
    affs: affs.join(''),
  };
}

function abstracts(record: CitationRecord, lang: Lang): string {
  const primary = main(record.abstract, lang);
  const primaryLang = record.abstract[lang]?.trim() ? lang : other(lang);
  const trans = translated(record.abstract, lang);
  return [
    primary ? `<abstract xml:lang="${primaryLang}">${tag('p', primary)}</abstract>` : '',
    trans ? `<trans-abstract xml:lang="${other(lang)}">${tag('p', trans)}</trans-abstract>` : '',
  ].join('');
}

function keywordGroups(record: CitationRecord): string {
  return (['zh', 'en'] as const)
    .map((lang) => {
      const keywords = record.keywords[lang].map((keyword) => tag('kwd', keyword)).join('');
      return keywords ? `<kwd-group xml:lang="${lang}">${keywords}</kwd-group>` : '';
    })
    .join('');
}

function articleMeta(record: CitationRecord, lang: Lang): string {
  const doi = bareDoi(record);
  const transTitle = translated(record.title, lang);
  const { contribs, affs } = contributors(record);
  return [
    '<article-meta>',
    tag('article-id', doi, ' pub-id-type="doi"'),
    '<title-group>',
    tag('article-title', main(record.title, lang)),
    transTitle
      ? `<trans-title-group xml:lang="${other(lang)}">${tag('trans-title', transTitle)}</trans-title-group>`
      : '',
    '</title-group>',
    contribs,
    affs,
    record.year === null
      ? ''
      : `<pub-date date-type="pub" publication-format="print">${tag('year', String(record.year))}</pub-date>`,
    tag('volume', record.volume),
    tag('issue', record.issue),
    tag('fpage', record.firstPage),
    tag('lpage', record.lastPage),
    record.url ? `<self-uri xlink:href="${escapeXml(record.url)}"/>` : '',
    abstracts(record, lang),
    keywordGroups(record),
    '</article-meta>',
  ].join('');
}

export function jatsFront(record: CitationRecord): string {
  const lang = record.language;
  return [
    `<article xmlns="${JATS_NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink"`,
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ` xsi:schemaLocation="${JATS_NAMESPACE} ${JATS_SCHEMA}"`,
    ` article-type="research-article" dtd-version="1.3" xml:lang="${lang}">`,
    `<front>${journalMeta(record, lang)}${articleMeta(record, lang)}</front>`,
    '</article>',
  ].join('');
}
