/** Chinese and English citation records for the citation tests. */
import type { CitationAuthor, CitationRecord } from '../../src/server/citations/record.ts';

export function author(
  zh: string | null,
  en: string | null,
  institution?: [string | null, string | null],
): CitationAuthor {
  return { name: { zh, en }, institutions: institution ? [{ zh: institution[0], en: institution[1] }] : [] };
}

export function record(over: Partial<CitationRecord>): CitationRecord {
  return {
    id: 1,
    language: 'zh',
    title: { zh: null, en: null },
    authors: [],
    journal: { zh: null, en: null },
    issn: null,
    eissn: null,
    cn: null,
    publisher: { zh: null, en: null },
    year: null,
    publishedDate: null,
    volume: null,
    issue: null,
    firstPage: null,
    lastPage: null,
    doi: null,
    keywords: { zh: [], en: [] },
    abstract: { zh: null, en: null },
    url: null,
    ...over,
  };
}

/** A Chinese article with four authors and English metadata beside the Chinese. */
export const chinese = record({
  id: 101,
  language: 'zh',
  title: {
    zh: '互联网药品可信交易环境中主体资质审核备案模式',
    en: 'Qualification audit and filing mode for online drug trading',
  },
  authors: [
    author('于潇', 'YU Xiao', ['清华大学 自动化系', 'Department of Automation, Tsinghua University']),
    author('刘义', 'LIU Yi', ['清华大学 自动化系', 'Department of Automation, Tsinghua University']),
    author('柴跃廷', 'Chai Yueting', ['清华大学 信息学院', 'School of Information, Tsinghua University']),
    author('孙宏波', 'SUN Hongbo'),
  ],
  journal: { zh: '清华大学学报(自然科学版)', en: 'Journal of Tsinghua University (Science and Technology)' },
  issn: '1000-0054',
  cn: '11-2223/N',
  year: 2012,
  volume: '52',
  issue: '11',
  firstPage: '1518',
  lastPage: '1523',
  doi: '10.16511/j.cnki.qhdxxb.2012.11.004',
  keywords: { zh: ['药品', '可信交易', '资质审核'], en: ['drugs', 'trusted trading', 'qualification audit'] },
  abstract: { zh: '提出了一种审核备案模式。', en: 'A filing mode is proposed.' },
  url: 'https://journal.example.org/zh/article/101/',
});

/** An English article with one author, accents and LaTeX specials in the title. */
export const english = record({
  id: 202,
  language: 'en',
  title: { zh: null, en: 'Shaking {without} quaking: 50% of R&D_costs in Zürich' },
  authors: [author(null, 'Jörg Müller', [null, 'ETH Zürich'])],
  journal: { zh: null, en: 'Science' },
  issn: '0036-8075',
  year: 1998,
  volume: '279',
  issue: '5359',
  firstPage: '2063',
  doi: '10.1126/science.279.5359.2063',
  keywords: { zh: [], en: ['earthquakes', 'seismology'] },
  abstract: { zh: null, en: 'Line one.\nLine two ]]> with a CDATA end.' },
  url: 'https://journal.example.org/en/article/202/',
});

/** An English article with three authors, given name first. */
export const threeAuthors = record({
  id: 303,
  language: 'en',
  title: { zh: null, en: 'Cataloging internet resources' },
  authors: [author(null, 'Priscilla Caplan'), author(null, 'Karen S. Frese'), author(null, 'Hugo A. Katus')],
  journal: { zh: null, en: 'The Public-Access Computer Systems Review' },
  year: 1993,
  volume: '4',
  issue: '2',
  firstPage: '5',
  lastPage: '15',
});
