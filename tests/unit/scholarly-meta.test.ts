import { describe, expect, it } from 'vitest';
import { type ArticleDetail, articleDetailSchema, type Publication } from '../../src/content/types.ts';
import {
  breadcrumbListJsonLd,
  citationLine,
  dublinCoreTags,
  highwireDate,
  highwireTags,
  jsonLdText,
  periodicalJsonLd,
  scholarlyArticleJsonLd,
} from '../../src/lib/scholarly-meta.ts';

const ORIGIN = 'https://jmst.journals.example.org';

function article(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return articleDetailSchema.parse({
    id: 42,
    siteId: 1,
    publicationId: 1,
    periodId: 7,
    columnId: 3,
    doi: '10.1234/jmst.2024.0042',
    title: '高熵合金的<i>蠕变</i>行为',
    enTitle: 'Creep behaviour of high-entropy alloys',
    authors: [
      { name: '张伟', enName: 'Zhang Wei' },
      { name: '李娜', enName: 'Li Na' },
      { name: '王强', enName: 'Wang Qiang' },
      { name: '赵敏', enName: 'Zhao Min' },
    ],
    firstPage: 101,
    lastPage: 112,
    version: 0,
    status: 'formal',
    openAccess: 1,
    publishedDate: '2024-03-15',
    year: 2024,
    volume: 40,
    issue: 3,
    views: 10,
    downloads: 2,
    citations: 1,
    pdfUrl: '/rc-pub/front/front-article/download/42',
    abstract: '<p>研究了蠕变。</p>',
    enAbstract: '<p>Creep was studied.</p>',
    keywords: ['高熵合金', '蠕变'],
    enKeywords: ['high-entropy alloy', 'creep'],
    language: 'zh',
    fund: null,
    enFund: null,
    receivedDate: '2023-10-01',
    revisedDate: null,
    updatedAt: '2024-03-16T08:00:00Z',
    authorDetails: [
      {
        name: '张伟',
        enName: 'Zhang Wei',
        email: 'zw@example.org',
        orcid: '0000-0001-2345-6789',
        corresponding: 1,
        institutionPositions: [1, 2],
      },
      { name: '李娜', enName: 'Li Na', email: null, orcid: null, corresponding: 0, institutionPositions: [2] },
      { name: '王强', enName: 'Wang Qiang', email: null, orcid: null, corresponding: 0, institutionPositions: [1] },
      { name: '赵敏', enName: 'Zhao Min', email: null, orcid: null, corresponding: 0, institutionPositions: [] },
    ],
    institutions: [
      { position: 1, name: '北京科技大学', enName: 'University of Science and Technology Beijing' },
      { position: 2, name: '中国科学院金属研究所', enName: 'Institute of Metal Research, CAS' },
    ],
    references: [],
    figures: [],
    publication: {
      id: 1,
      name: '材料科学与技术学报',
      enName: 'Journal of Materials Science and Technology',
      issn: '1005-0302',
      eissn: '1941-1162',
      cn: '21-1315/TG',
      publisher: '科学出版社',
      enPublisher: 'Science Press',
    },
    column: { id: 3, name: '研究论文', enName: 'Research articles' },
    ...overrides,
  });
}

const values = (tags: { name: string; content: string }[], name: string) =>
  tags.filter((t) => t.name === name).map((t) => t.content);

describe('highwireTags', () => {
  const tags = highwireTags(article(), ORIGIN);

  it('names the article in its own language, without markup', () => {
    expect(values(tags, 'citation_title')).toEqual(['高熵合金的蠕变行为']);
    expect(values(tags, 'citation_language')).toEqual(['zh']);
    expect(values(tags, 'citation_journal_title')).toEqual(['材料科学与技术学报']);
    expect(values(tags, 'citation_keywords')).toEqual(['高熵合金; 蠕变']);
  });

  it('follows each author with that author’s institutions, in order', () => {
    const sequence = tags
      .filter((t) => t.name === 'citation_author' || t.name === 'citation_author_institution')
      .map((t) => t.content);
    expect(sequence).toEqual([
      '张伟',
      '北京科技大学',
      '中国科学院金属研究所',
      '李娜',
      '中国科学院金属研究所',
      '王强',
      '北京科技大学',
      '赵敏',
    ]);
  });

  it('carries date, ISSNs, volume, issue, pages, DOI and an absolute PDF URL', () => {
    expect(values(tags, 'citation_publication_date')).toEqual(['2024/03/15']);
    expect(values(tags, 'citation_issn')).toEqual(['1005-0302', '1941-1162']);
    expect(values(tags, 'citation_volume')).toEqual(['40']);
    expect(values(tags, 'citation_issue')).toEqual(['3']);
    expect(values(tags, 'citation_firstpage')).toEqual(['101']);
    expect(values(tags, 'citation_lastpage')).toEqual(['112']);
    expect(values(tags, 'citation_doi')).toEqual(['10.1234/jmst.2024.0042']);
    // beside the abstract page (Google Scholar), in the page's language
    expect(values(tags, 'citation_pdf_url')).toEqual([`${ORIGIN}/zh/article/42/article-42.pdf`]);
    expect(values(highwireTags(article(), ORIGIN, 'en'), 'citation_pdf_url')).toEqual([
      `${ORIGIN}/en/article/42/article-42.pdf`,
    ]);
  });

  it('lists the references in order as citation_reference, each with its DOI', () => {
    const withReferences = article({
      references: [
        {
          position: 2,
          text: 'Li N. <i>Creep</i> of alloys[J]. Acta Mater, 2020, 5: 1-9.',
          doi: '10.1016/j.actamat.2020.01.001',
        },
        { position: 1, text: 'Zhang W. Alloys[J]. Mater Des, 2019. DOI: 10.1000/md.1', doi: '10.1000/md.1' },
        { position: 3, text: 'Wang Q. Notes on creep[M]. Beijing: Science Press, 2018.', doi: null },
      ],
    });
    expect(values(highwireTags(withReferences, ORIGIN), 'citation_reference')).toEqual([
      'Zhang W. Alloys[J]. Mater Des, 2019. DOI: 10.1000/md.1',
      'Li N. Creep of alloys[J]. Acta Mater, 2020, 5: 1-9. https://doi.org/10.1016/j.actamat.2020.01.001',
      'Wang Q. Notes on creep[M]. Beijing: Science Press, 2018.',
    ]);
    expect(values(tags, 'citation_reference')).toEqual([]);
  });

  it('uses English fields for an English article and leaves out what is missing', () => {
    const en = highwireTags(
      article({ language: 'en', volume: null, issue: null, firstPage: null, lastPage: null, pdfUrl: null, doi: null }),
      ORIGIN,
    );
    expect(values(en, 'citation_title')).toEqual(['Creep behaviour of high-entropy alloys']);
    expect(values(en, 'citation_author')[0]).toBe('Zhang Wei');
    expect(values(en, 'citation_journal_title')).toEqual(['Journal of Materials Science and Technology']);
    for (const name of ['citation_volume', 'citation_issue', 'citation_firstpage', 'citation_pdf_url', 'citation_doi'])
      expect(values(en, name)).toEqual([]);
  });
});

describe('dublinCoreTags', () => {
  it('lists title, creators, date, identifiers and language', () => {
    const tags = dublinCoreTags(article(), `${ORIGIN}/zh/article/42/`);
    expect(values(tags, 'DC.title')).toEqual(['高熵合金的蠕变行为']);
    expect(values(tags, 'DC.creator')).toEqual(['张伟', '李娜', '王强', '赵敏']);
    expect(values(tags, 'DC.date')).toEqual(['2024-03-15']);
    expect(values(tags, 'DC.identifier')).toEqual([
      'https://doi.org/10.1234/jmst.2024.0042',
      `${ORIGIN}/zh/article/42/`,
    ]);
    expect(values(tags, 'DC.language')).toEqual(['zh']);
    expect(values(tags, 'DC.subject')).toEqual(['高熵合金', '蠕变']);
  });
});

describe('scholarlyArticleJsonLd', () => {
  it('describes the article, its authors with affiliations and the issue it belongs to', () => {
    const url = `${ORIGIN}/en/article/42/`;
    const data = JSON.parse(jsonLdText(scholarlyArticleJsonLd(article(), url, ORIGIN)));
    expect(data['@type']).toBe('ScholarlyArticle');
    expect(data.headline).toBe('高熵合金的蠕变行为');
    expect(data.alternativeHeadline).toBe('Creep behaviour of high-entropy alloys');
    expect(data.author).toHaveLength(4);
    expect(data.author[0]).toMatchObject({ name: '张伟', identifier: 'https://orcid.org/0000-0001-2345-6789' });
    expect(data.author[0].affiliation.map((a: { name: string }) => a.name)).toEqual([
      '北京科技大学',
      '中国科学院金属研究所',
    ]);
    expect(data.author[3].affiliation).toBeUndefined();
    expect(data.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'DOI', value: '10.1234/jmst.2024.0042' });
    expect(data.sameAs).toBe('https://doi.org/10.1234/jmst.2024.0042');
    expect(data.datePublished).toBe('2024-03-15');
    expect(data.pageStart).toBe('101');
    expect(data.isPartOf).toMatchObject({
      '@type': 'PublicationIssue',
      issueNumber: '3',
      isPartOf: {
        '@type': 'PublicationVolume',
        volumeNumber: '40',
        isPartOf: { '@type': 'Periodical', issn: ['1005-0302', '1941-1162'] },
      },
    });
    expect(data.url).toBe(url);
    expect(JSON.parse(jsonLdText(scholarlyArticleJsonLd(article(), url, ORIGIN, 'en'))).encoding).toEqual({
      '@type': 'MediaObject',
      encodingFormat: 'application/pdf',
      contentUrl: `${ORIGIN}/en/article/42/article-42.pdf`,
    });
  });

  it('escapes markup so content cannot close the script element', () => {
    const text = jsonLdText(
      scholarlyArticleJsonLd(article({ enTitle: 'a &lt;/script&gt;&lt;script&gt;alert(1)' }), 'u', ORIGIN),
    );
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).alternativeHeadline).toBe('a </script><script>alert(1)');
  });
});

describe('periodicalJsonLd and breadcrumbListJsonLd', () => {
  it('describes a journal', () => {
    const publication: Publication = {
      id: 1,
      siteId: 1,
      name: '材料科学与技术学报',
      enName: 'Journal of Materials Science and Technology',
      abbreviation: null,
      issn: '1005-0302',
      eissn: null,
      cn: '21-1315/TG',
      sponsor: '中国金属学会',
      enSponsor: 'The Chinese Society for Metals',
      publisher: '科学出版社',
      enPublisher: 'Science Press',
      editorInChief: null,
      enEditorInChief: null,
      frequency: null,
      enFrequency: null,
      foundedYear: 1985,
      coverUrl: '/rc-pub/front/files/get?id=9',
      introduction: '<p>简介</p>',
      enIntroduction: '<p>About</p>',
    };
    const data = periodicalJsonLd(publication, 'en', `${ORIGIN}/en/about/1/`, ORIGIN, ['EI', 'SCI']);
    expect(data).toMatchObject({
      '@type': 'Periodical',
      name: 'Journal of Materials Science and Technology',
      alternateName: '材料科学与技术学报',
      issn: ['1005-0302'],
      publisher: { name: 'Science Press' },
      sponsor: { name: 'The Chinese Society for Metals' },
      description: 'About',
      image: `${ORIGIN}/rc-pub/front/files/get?id=9`,
      startDate: '1985',
    });
  });

  it('numbers breadcrumbs and links the last one to the current page', () => {
    const data = breadcrumbListJsonLd(
      [{ label: 'Home', href: '/en/home/' }, { label: 'News' }],
      `${ORIGIN}/en/news/`,
      ORIGIN,
    );
    expect(data['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/en/home/` },
      { '@type': 'ListItem', position: 2, name: 'News', item: `${ORIGIN}/en/news/` },
    ]);
  });
});

describe('citationLine', () => {
  it('writes GB/T 7714 in Chinese with 等 after three authors', () => {
    expect(citationLine(article(), 'zh')).toBe(
      '张伟, 李娜, 王强, 等. 高熵合金的蠕变行为[J]. 材料科学与技术学报, 2024, 40(3): 101-112. DOI: 10.1234/jmst.2024.0042.',
    );
  });

  it('writes an APA-like line in English', () => {
    expect(citationLine(article(), 'en')).toBe(
      'Zhang Wei, Li Na, Wang Qiang, & Zhao Min (2024). Creep behaviour of high-entropy alloys. Journal of Materials Science and Technology, 40(3), 101–112. https://doi.org/10.1234/jmst.2024.0042',
    );
  });

  it('marks online-first articles as [J/OL] and omits missing volume and pages', () => {
    const line = citationLine(
      article({ status: 'online-first', volume: null, issue: null, firstPage: null, lastPage: null, doi: null }),
      'zh',
    );
    expect(line).toBe('张伟, 李娜, 王强, 等. 高熵合金的蠕变行为[J/OL]. 材料科学与技术学报, 2024.');
  });
});

describe('highwireDate', () => {
  it('cuts ISO dates and timestamps to Y/M/D', () => {
    expect(highwireDate('2024-03-15T10:00:00Z')).toBe('2024/03/15');
    expect(highwireDate('2024')).toBe('2024');
    expect(highwireDate(null)).toBe('');
  });
});
