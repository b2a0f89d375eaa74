/** GB/T 7714-2015 quotes against the standard's journal-article examples, APA transQuotes, and the mapping from ArticleDetail. */
import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../src/content/types.ts';
import { citationFromArticle } from '../../src/server/citations/from-article.ts';
import { apaQuote, citationQuote, gbtQuote } from '../../src/server/citations/quote.ts';
import { author, chinese, english, record, threeAuthors } from './citations-fixtures.ts';

describe('GB/T 7714-2015 quote', () => {
  it('four Chinese authors: three names then 等, [J], volume(issue): pages, DOI', () => {
    expect(gbtQuote(chinese)).toBe(
      '于潇, 刘义, 柴跃廷, 等. 互联网药品可信交易环境中主体资质审核备案模式[J]. 清华大学学报(自然科学版), 2012, 52(11): 1518-1523. DOI:10.16511/j.cnki.qhdxxb.2012.11.004.',
    );
  });

  it('one Chinese author (the standard example 李炳穆)', () => {
    const one = record({
      title: { zh: '韩国图书馆法', en: null },
      authors: [author('李炳穆', null)],
      journal: { zh: '图书情报工作', en: null },
      year: 2008,
      volume: '52',
      issue: '6',
      firstPage: '6',
      lastPage: '12',
    });
    expect(gbtQuote(one)).toBe('李炳穆. 韩国图书馆法[J]. 图书情报工作, 2008, 52(6): 6-12.');
  });

  it('three Chinese authors: no 等', () => {
    const three = record({ ...chinese, authors: chinese.authors.slice(0, 3), doi: null });
    expect(gbtQuote(three)).toBe(
      '于潇, 刘义, 柴跃廷. 互联网药品可信交易环境中主体资质审核备案模式[J]. 清华大学学报(自然科学版), 2012, 52(11): 1518-1523.',
    );
  });

  it('one English author: family name in capitals, initials without stops (the standard example KANAMORI H)', () => {
    const kanamori = record({
      language: 'en',
      title: { zh: null, en: 'Shaking without quaking' },
      authors: [author(null, 'Hiroo Kanamori')],
      journal: { zh: null, en: 'Science' },
      year: 1998,
      volume: '279',
      issue: '5359',
      firstPage: '2063',
    });
    expect(gbtQuote(kanamori)).toBe('KANAMORI H. Shaking without quaking[J]. Science, 1998, 279(5359): 2063.');
  });

  it('three English authors', () => {
    expect(gbtQuote(threeAuthors)).toBe(
      'CAPLAN P, FRESE K S, KATUS H A. Cataloging internet resources[J]. The Public-Access Computer Systems Review, 1993, 4(2): 5-15.',
    );
  });

  it('four English authors: three names then et al. (the standard example FRESE K S)', () => {
    const frese = record({
      language: 'en',
      title: { zh: null, en: 'Next-generation sequencing: from understanding biology to personalized medicine' },
      authors: [
        author(null, 'Karen S. Frese'),
        author(null, 'Hugo A. Katus'),
        author(null, 'Benjamin Meder'),
        author(null, 'Anna Smith'),
      ],
      journal: { zh: null, en: 'Biology' },
      year: 2013,
      volume: '2',
      issue: '1',
      firstPage: '378',
      lastPage: '398',
      doi: '10.3390/biology2010378',
    });
    expect(gbtQuote(frese)).toBe(
      'FRESE K S, KATUS H A, MEDER B, et al. Next-generation sequencing: from understanding biology to personalized medicine[J]. Biology, 2013, 2(1): 378-398. DOI:10.3390/biology2010378.',
    );
  });

  it('an English article without Chinese fields is quoted in English', () => {
    expect(gbtQuote(english)).toBe(
      'MÜLLER J. Shaking {without} quaking: 50% of R&D_costs in Zürich[J]. Science, 1998, 279(5359): 2063. DOI:10.1126/science.279.5359.2063.',
    );
  });
});

describe('APA transQuote', () => {
  it('uses the English fields of a Chinese article, pinyin family names first', () => {
    expect(apaQuote(chinese)).toBe(
      'Yu, X., Liu, Y., Chai, Y., & Sun, H. (2012). Qualification audit and filing mode for online drug trading. Journal of Tsinghua University (Science and Technology), 52(11), 1518–1523. https://doi.org/10.16511/j.cnki.qhdxxb.2012.11.004',
    );
  });

  it('citationQuote returns both', () => {
    const both = citationQuote(threeAuthors);
    expect(both.quote).toContain('CAPLAN P, FRESE K S, KATUS H A.');
    expect(both.transQuote).toBe(
      'Caplan, P., Frese, K. S., & Katus, H. A. (1993). Cataloging internet resources. The Public-Access Computer Systems Review, 4(2), 5–15.',
    );
  });
});

describe('citationFromArticle', () => {
  it('maps authors with their institutions, pages, journal and plain-text fields', () => {
    const detail = {
      id: 7,
      language: 'zh',
      title: '<i>标题</i>',
      enTitle: 'Title',
      doi: ' 10.1/x ',
      year: 2024,
      volume: 3,
      issue: 2,
      firstPage: 10,
      lastPage: 19,
      abstract: '<p>摘要</p>',
      enAbstract: null,
      keywords: ['甲', ' '],
      enKeywords: ['a'],
      authorDetails: [
        { name: '张三', enName: 'ZHANG San', email: null, orcid: null, corresponding: 1, institutionPositions: [2, 9] },
        { name: '李四', enName: null, email: null, orcid: null, corresponding: 0, institutionPositions: [] },
      ],
      institutions: [
        { position: 1, name: '甲大学', enName: 'A University' },
        { position: 2, name: '乙研究所', enName: null },
      ],
      publication: {
        id: 1,
        name: '学报',
        enName: 'Journal',
        issn: '1234-5678',
        eissn: null,
        cn: '11-1111/N',
        publisher: null,
        enPublisher: null,
      },
    } as unknown as ArticleDetail;
    const mapped = citationFromArticle(detail, 'https://x.example/zh/article/7/');
    expect(mapped.title).toEqual({ zh: '标题', en: 'Title' });
    expect(mapped.authors).toEqual([
      { name: { zh: '张三', en: 'ZHANG San' }, institutions: [{ zh: '乙研究所', en: null }] },
      { name: { zh: '李四', en: null }, institutions: [] },
    ]);
    expect(mapped).toMatchObject({
      doi: '10.1/x',
      volume: '3',
      issue: '2',
      firstPage: '10',
      lastPage: '19',
      issn: '1234-5678',
      cn: '11-1111/N',
    });
    expect(mapped.abstract).toEqual({ zh: '摘要', en: null });
    expect(mapped.keywords).toEqual({ zh: ['甲'], en: ['a'] });
    expect(mapped.url).toBe('https://x.example/zh/article/7/');
  });
});
