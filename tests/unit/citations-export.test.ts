/**
 * Every download format with Chinese and English records: BibTeX and RIS parsed back with
 * citation-js, NoteFirst parsed as XML, EndNote and NoteExpress read line by line.
 */
import { Cite, type CslItem } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { CITATION_FORMATS } from '../../src/lib/citation-formats.ts';
import type { Lang } from '../../src/lib/lang.ts';
import { escapeLatex } from '../../src/server/citations/bibtex.ts';
import { exportCitations } from '../../src/server/citations/export.ts';
import { chinese, english, threeAuthors } from './citations-fixtures.ts';

const records = [chinese, english, threeAuthors];

function nameOf(name: { family?: string; given?: string; literal?: string }): string {
  return name.literal ?? [name.family, name.given].filter(Boolean).join(', ');
}

function essentials(item: CslItem) {
  return {
    title: item.title,
    authors: (item.author ?? []).map(nameOf),
    year: item.issued?.['date-parts'][0]?.[0],
    doi: item.DOI,
  };
}

const expected: Record<Lang, ReturnType<typeof essentials>[]> = {
  zh: [
    {
      title: '互联网药品可信交易环境中主体资质审核备案模式',
      authors: ['于潇', '刘义', '柴跃廷', '孙宏波'],
      year: 2012,
      doi: '10.16511/j.cnki.qhdxxb.2012.11.004',
    },
    {
      title: 'Shaking {without} quaking: 50% of R&D_costs in Zürich',
      authors: ['Müller, Jörg'],
      year: 1998,
      doi: '10.1126/science.279.5359.2063',
    },
    {
      title: 'Cataloging internet resources',
      authors: ['Caplan, Priscilla', 'Frese, Karen S.', 'Katus, Hugo A.'],
      year: 1993,
      doi: undefined,
    },
  ],
  en: [
    {
      title: 'Qualification audit and filing mode for online drug trading',
      authors: ['Yu, Xiao', 'Liu, Yi', 'Chai, Yueting', 'Sun, Hongbo'],
      year: 2012,
      doi: '10.16511/j.cnki.qhdxxb.2012.11.004',
    },
  ],
};

describe.each(['zh', 'en'] as const)('round trip in %s', (lang) => {
  it.each(['BibTeX', 'RefMan'] as const)('%s parses back with the same title, authors, year and DOI', (format) => {
    const file = exportCitations(records, format, lang);
    const parsed = new Cite(file.body).data;
    expect(parsed).toHaveLength(3);
    const want = lang === 'zh' ? expected.zh : [expected.en[0], ...expected.zh.slice(1)];
    expect(parsed.map(essentials)).toEqual(want);
  });
});

describe('BibTeX', () => {
  it('has one valid key per entry, UTF-8 Chinese and escaped specials and accents', () => {
    const { body } = exportCitations(records, 'BibTeX', 'zh');
    const keys = [...body.matchAll(/@article\{([^,]+),/g)].map((match) => match[1]);
    expect(keys).toEqual(['Yu2012_101', 'Muller1998_202', 'Caplan1993_303']);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_]+$/);
    expect(body).toContain('{于潇} and {刘义}');
    expect(body).toContain('journal = {清华大学学报(自然科学版)}');
    expect(body).toContain('\\{without\\}');
    // capitals are case-protected by the plugin
    expect(body).toContain('50\\% of {R}\\&{D}\\_costs');
    expect(body).toContain('M{\\"u}ller, J{\\"o}rg');
  });

  it('escapeLatex leaves Chinese alone and escapes the rest', () => {
    expect(escapeLatex('中文 ~^\\ é')).toBe("中文 \\textasciitilde{}\\textasciicircum{}\\textbackslash{} {\\'e}");
  });
});

describe('RIS', () => {
  it('writes one JOUR record per article with single-line values', () => {
    const { body } = exportCitations(records, 'RefMan', 'en');
    expect(body.match(/^TY {2}- JOUR$/gm)).toHaveLength(3);
    expect(body.match(/^ER {2}- ?$/gm)).toHaveLength(3);
    expect(body).toContain('AB  - Line one. Line two ]]> with a CDATA end.');
    expect(body).toContain('SN  - 1000-0054');
  });
});

describe('EndNote', () => {
  it('writes tagged records with one %A line per author', () => {
    const { body } = exportCitations([chinese, english], 'Endnote', 'zh');
    const [first, second] = body.trimEnd().split('\n\n');
    expect(first?.split('\n')).toEqual([
      '%0 Journal Article',
      '%T 互联网药品可信交易环境中主体资质审核备案模式',
      '%A 于潇',
      '%A 刘义',
      '%A 柴跃廷',
      '%A 孙宏波',
      '%+ 清华大学 自动化系',
      '%+ 清华大学 自动化系',
      '%+ 清华大学 信息学院',
      '%J 清华大学学报(自然科学版)',
      '%D 2012',
      '%V 52',
      '%N 11',
      '%P 1518-1523',
      '%K 药品',
      '%K 可信交易',
      '%K 资质审核',
      '%X 提出了一种审核备案模式。',
      '%@ 1000-0054',
      '%R 10.16511/j.cnki.qhdxxb.2012.11.004',
      '%U https://journal.example.org/zh/article/101/',
      '%G Chinese',
    ]);
    expect(second).toContain('%A Müller, Jörg');
    expect(second).toContain('%X Line one. Line two ]]> with a CDATA end.');
  });
});

describe('NoteExpress', () => {
  it('writes a Chinese record with the English title as translated title', () => {
    const { body } = exportCitations([chinese], 'NoteExpress', 'zh');
    expect(body).toBe(
      [
        '{Reference Type}: Journal Article',
        '{Title}: 互联网药品可信交易环境中主体资质审核备案模式',
        '{Translated Title}: Qualification audit and filing mode for online drug trading',
        '{Author}: 于潇',
        '{Author}: 刘义',
        '{Author}: 柴跃廷',
        '{Author}: 孙宏波',
        '{Author Address}: 清华大学 自动化系',
        '{Author Address}: 清华大学 自动化系',
        '{Author Address}: 清华大学 信息学院',
        '{Journal}: 清华大学学报(自然科学版)',
        '{Year}: 2012',
        '{Volume}: 52',
        '{Issue}: 11',
        '{Pages}: 1518-1523',
        '{Keywords}: 药品;可信交易;资质审核',
        '{Abstract}: 提出了一种审核备案模式。',
        '{ISBN/ISSN}: 1000-0054',
        '{URL}: https://journal.example.org/zh/article/101/',
        '{DOI}: 10.16511/j.cnki.qhdxxb.2012.11.004',
        '',
      ].join('\n'),
    );
  });

  it('writes an English record without a translated title, every record starting with its reference type', () => {
    const { body } = exportCitations([english, threeAuthors], 'NoteExpress', 'en');
    const blocks = body.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(block.startsWith('{Reference Type}: Journal Article\n')).toBe(true);
    expect(blocks[0]).not.toContain('{Translated Title}');
    expect(blocks[0]).toContain('{Author}: Müller, Jörg\n{Author Address}: ETH Zürich');
    expect(blocks[0]).toContain('{Abstract}: Line one. Line two ]]> with a CDATA end.');
    expect(blocks[1]?.match(/^\{Author\}: /gm)).toHaveLength(3);
    for (const line of body.trimEnd().split('\n')) if (line) expect(line).toMatch(/^\{[A-Za-z /]+\}: \S/);
  });
});

describe('NoteFirst', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['Bibliography', 'Author', 'Keyword', 'Title', 'Abstract', 'Address'].includes(name),
  });

  it('is well-formed XML with a count and one Bibliography per article, values in CDATA', () => {
    const { body } = exportCitations(records, 'NoteFirst', 'zh');
    expect(XMLValidator.validate(body)).toBe(true);
    const document = parser.parse(body);
    const bibliographies = document.Bibliographies;
    expect(bibliographies['@count']).toBe('3');
    expect(bibliographies.Bibliography).toHaveLength(3);
    const [zh, en] = bibliographies.Bibliography;
    expect(zh).toMatchObject({
      Type: 'JournalArticle',
      Language: 'chi',
      PrimaryTitle: '互联网药品可信交易环境中主体资质审核备案模式',
      Medium: '清华大学学报(自然科学版)',
      Year: 2012,
      Volume: 52,
      Issue: 11,
      PageScope: '1518-1523',
    });
    expect(zh.Authors.Author.map((a: { Name: string }) => a.Name)).toEqual(['于潇', '刘义', '柴跃廷', '孙宏波']);
    expect(zh.Authors.Author[0].Address).toEqual(['清华大学 自动化系']);
    expect(zh.Keywords.Keyword).toEqual(['药品', '可信交易', '资质审核']);
    expect(zh.Abstracts.Abstract.map((a: { '#text': string; '@Lang': string }) => [a['@Lang'], a['#text']])).toEqual([
      ['chi', '提出了一种审核备案模式。'],
      ['eng', 'A filing mode is proposed.'],
    ]);
    expect(en.Language).toBe('eng');
    expect(en.PrimaryTitle).toBe('Shaking {without} quaking: 50% of R&D_costs in Zürich');
    // ']]>' inside a value survives the split across two CDATA sections
    expect(en.Abstracts.Abstract[0]['#text']).toBe('Line one.\nLine two ]]> with a CDATA end.');
    expect(body).toContain('<PrimaryTitle><![CDATA[');
  });

  it('writes the English fields for language en', () => {
    const document = parser.parse(exportCitations([chinese], 'NoteFirst', 'en').body);
    const [only] = document.Bibliographies.Bibliography;
    expect(only.PrimaryTitle).toBe('Qualification audit and filing mode for online drug trading');
    expect(only.Medium).toBe('Journal of Tsinghua University (Science and Technology)');
    expect(only.Authors.Author.map((a: { Name: string }) => a.Name)).toEqual([
      'YU Xiao',
      'LIU Yi',
      'Chai Yueting',
      'SUN Hongbo',
    ]);
  });
});

describe('exportCitations', () => {
  it('answers each format with its media type and file name', () => {
    const types = Object.fromEntries(
      CITATION_FORMATS.map((format) => {
        const file = exportCitations([chinese], format, 'zh');
        return [format, [file.mediaType, file.fileName]];
      }),
    );
    expect(types).toEqual({
      BibTeX: ['application/x-bibtex; charset=utf-8', 'citation-101.bib'],
      Endnote: ['application/x-endnote-refer; charset=utf-8', 'citation-101.enw'],
      RefMan: ['application/x-research-info-systems; charset=utf-8', 'citation-101.ris'],
      NoteExpress: ['text/plain; charset=utf-8', 'citation-101.txt'],
      NoteFirst: ['application/xml; charset=utf-8', 'citation-101.xml'],
    });
    expect(exportCitations(records, 'RefMan', 'en').fileName).toBe('citations-3.ris');
  });
});
