/** OAI-PMH: every verb and every error code, against an in-memory repository. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { handleOai } from '../../src/server/oai/handle.ts';
import type { OaiIdentify, OaiListQuery, OaiRecord, OaiRepository, OaiSet } from '../../src/server/oai/repository.ts';
import { decodeToken, encodeToken } from '../../src/server/oai/resumption-token.ts';
import { chinese, english, record, threeAuthors } from './citations-fixtures.ts';

const BASE = 'https://journal.example.org/oai';
const now = new Date('2026-11-25T04:00:00.500Z');

function oaiRecord(
  id: number,
  day: string,
  set: string,
  metadata = record({ id, title: { zh: `文章${id}`, en: `Article ${id}` } }),
): OaiRecord {
  return {
    header: {
      identifier: `oai:journal.example.org:${id}`,
      datestamp: new Date(`${day}T08:30:00Z`),
      setSpecs: [set],
      deleted: false,
    },
    metadata,
  };
}

const RECORDS: OaiRecord[] = [
  oaiRecord(101, '2024-01-10', 'journal:1', chinese),
  oaiRecord(202, '2024-02-10', 'journal:1', english),
  oaiRecord(303, '2024-03-10', 'journal:2', threeAuthors),
  oaiRecord(404, '2024-04-10', 'journal:2'),
  {
    header: {
      identifier: 'oai:journal.example.org:505',
      datestamp: new Date('2024-05-10T00:00:00Z'),
      setSpecs: ['journal:1'],
      deleted: true,
    },
    metadata: null,
  },
];

const IDENTIFY: OaiIdentify = {
  repositoryName: '示例期刊 Example Journal',
  baseURL: BASE,
  adminEmails: ['oai@journal.example.org'],
  earliestDatestamp: new Date('2024-01-10T08:30:00Z'),
  deletedRecord: 'persistent',
  granularity: 'YYYY-MM-DD',
  repositoryIdentifier: 'journal.example.org',
  sampleIdentifier: 'oai:journal.example.org:101',
};

/** Test-only repository: filters and pages an array the way a store-backed one would. */
function fakeRepository(
  records = RECORDS,
  sets: OaiSet[] = [
    { setSpec: 'journal:1', setName: '示例期刊' },
    { setSpec: 'journal:2', setName: 'Example Letters' },
  ],
  identify: OaiIdentify = IDENTIFY,
): OaiRepository & { queries: OaiListQuery[] } {
  const queries: OaiListQuery[] = [];
  return {
    queries,
    identify: async () => identify,
    listSets: async () => sets,
    listRecords: async (query) => {
      queries.push(query);
      const matching = records.filter(
        ({ header }) =>
          (query.from === null || header.datestamp >= query.from) &&
          (query.until === null || header.datestamp <= query.until) &&
          (query.set === null || header.setSpecs.includes(query.set)),
      );
      return { records: matching.slice(query.cursor, query.cursor + query.limit), completeListSize: matching.length };
    },
    getRecord: async (identifier) => records.find((found) => found.header.identifier === identifier) ?? null,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) =>
    [
      'error',
      'header',
      'record',
      'set',
      'metadataFormat',
      'setSpec',
      'dc:title',
      'dc:creator',
      'dc:identifier',
      'contrib',
      'kwd',
      'aff',
      'string-name',
      'adminEmail',
    ].includes(name),
});

type Node = Record<string, unknown> & { '@verb'?: string };
type Response = {
  'OAI-PMH': Node & {
    responseDate: string;
    request: Node & { '#text': string };
    error?: { '@code': string; '#text': string }[];
  };
};

async function oai(
  query: string,
  repo: OaiRepository = fakeRepository(),
  options = {},
): Promise<{ xml: string; doc: Response['OAI-PMH'] }> {
  const xml = (await handleOai(new URLSearchParams(query), repo, now, options)).toString('utf8');
  expect(XMLValidator.validate(xml)).toBe(true);
  return { xml, doc: (parser.parse(xml) as Response)['OAI-PMH'] };
}

async function errorCodes(query: string, repo?: OaiRepository): Promise<string[]> {
  const { doc } = await oai(query, repo);
  return (doc.error ?? []).map((error) => error['@code']);
}

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked freely in assertions
type Loose = any;

describe('envelope and Identify', () => {
  it('answers Identify with the repository description, the response date and the echoed request', async () => {
    const { doc } = await oai('verb=Identify');
    expect(doc.responseDate).toBe('2026-11-25T04:00:00Z');
    expect(doc.request).toEqual({ '@verb': 'Identify', '#text': BASE });
    const identify = doc['Identify'] as Loose;
    expect(identify).toMatchObject({
      repositoryName: '示例期刊 Example Journal',
      baseURL: BASE,
      protocolVersion: '2.0',
      adminEmail: ['oai@journal.example.org'],
      earliestDatestamp: '2024-01-10',
      deletedRecord: 'persistent',
      granularity: 'YYYY-MM-DD',
    });
    expect(identify.description['oai-identifier']).toMatchObject({
      scheme: 'oai',
      repositoryIdentifier: 'journal.example.org',
      delimiter: ':',
    });
  });

  it('badArgument for an argument Identify does not take, and the request element loses its attributes', async () => {
    const { doc } = await oai('verb=Identify&set=x');
    expect(doc.error?.map((error) => error['@code'])).toEqual(['badArgument']);
    expect(doc.request).toBe(BASE);
  });

  it.each([
    ['', 'missing'],
    ['verb=Harvest', 'illegal'],
    ['verb=Identify&verb=Identify', 'repeated'],
  ])('badVerb when the verb is %s (%s)', async (query) => {
    expect(await errorCodes(query)).toEqual(['badVerb']);
  });

  it('writes error texts in Chinese when asked', async () => {
    const { doc } = await oai('verb=Harvest', fakeRepository(), { lang: 'zh' });
    expect(doc.error?.[0]?.['#text']).toBe('不支持的 verb：Harvest。');
  });
});

describe('ListMetadataFormats', () => {
  it('lists oai_dc and jats', async () => {
    const { doc } = await oai('verb=ListMetadataFormats');
    const formats = (doc['ListMetadataFormats'] as Loose).metadataFormat;
    expect(formats.map((format: Loose) => format.metadataPrefix)).toEqual(['oai_dc', 'jats']);
    expect(formats[0].metadataNamespace).toBe('http://www.openarchives.org/OAI/2.0/oai_dc/');
  });

  it('lists the formats of an existing item and answers idDoesNotExist for an unknown one', async () => {
    const { doc } = await oai('verb=ListMetadataFormats&identifier=oai:journal.example.org:101');
    expect((doc['ListMetadataFormats'] as Loose).metadataFormat).toHaveLength(2);
    expect(await errorCodes('verb=ListMetadataFormats&identifier=oai:journal.example.org:999')).toEqual([
      'idDoesNotExist',
    ]);
  });
});

describe('ListSets', () => {
  it('lists the journals as sets', async () => {
    const { doc } = await oai('verb=ListSets');
    expect((doc['ListSets'] as Loose).set).toEqual([
      { setSpec: ['journal:1'], setName: '示例期刊' },
      { setSpec: ['journal:2'], setName: 'Example Letters' },
    ]);
  });

  it('badResumptionToken for any token (sets come in one page), noSetHierarchy without sets', async () => {
    expect(await errorCodes('verb=ListSets&resumptionToken=abc')).toEqual(['badResumptionToken']);
    expect(await errorCodes('verb=ListSets', fakeRepository(RECORDS, []))).toEqual(['noSetHierarchy']);
  });
});

describe('GetRecord', () => {
  it('writes oai_dc with both languages, the authors and the DOI', async () => {
    const { doc } = await oai('verb=GetRecord&identifier=oai:journal.example.org:101&metadataPrefix=oai_dc');
    expect(doc.request).toMatchObject({
      '@verb': 'GetRecord',
      '@identifier': 'oai:journal.example.org:101',
      '@metadataPrefix': 'oai_dc',
    });
    const [only] = (doc['GetRecord'] as Loose).record;
    expect(only.header[0]).toMatchObject({
      identifier: 'oai:journal.example.org:101',
      datestamp: '2024-01-10',
      setSpec: ['journal:1'],
    });
    const dc = only.metadata['oai_dc:dc'];
    expect(dc['dc:title'].map((title: Loose) => [title['@xml:lang'], title['#text']])).toEqual([
      ['zh', '互联网药品可信交易环境中主体资质审核备案模式'],
      ['en', 'Qualification audit and filing mode for online drug trading'],
    ]);
    expect(dc['dc:creator']).toEqual(['于潇', '刘义', '柴跃廷', '孙宏波']);
    expect(dc['dc:identifier']).toEqual([
      'https://doi.org/10.16511/j.cnki.qhdxxb.2012.11.004',
      'https://journal.example.org/zh/article/101/',
    ]);
    expect(dc['dc:language']).toBe('zh');
  });

  it('writes JATS front matter with journal and article metadata', async () => {
    const { doc } = await oai('verb=GetRecord&identifier=oai:journal.example.org:101&metadataPrefix=jats');
    const article = (doc['GetRecord'] as Loose).record[0].metadata.article;
    expect(article['@xml:lang']).toBe('zh');
    const { 'journal-meta': journal, 'article-meta': meta } = article.front;
    expect(journal['journal-title-group']['journal-title']).toBe('清华大学学报(自然科学版)');
    expect(journal.issn['#text']).toBe('1000-0054');
    expect(meta['article-id']).toMatchObject({ '@pub-id-type': 'doi', '#text': '10.16511/j.cnki.qhdxxb.2012.11.004' });
    expect(meta['title-group']['article-title']).toBe('互联网药品可信交易环境中主体资质审核备案模式');
    expect(meta['title-group']['trans-title-group']['trans-title']).toBe(
      'Qualification audit and filing mode for online drug trading',
    );
    const contribs = meta['contrib-group'].contrib;
    expect(contribs).toHaveLength(4);
    expect(contribs[0]['name-alternatives']['string-name'].map((name: Loose) => name['#text'])).toEqual([
      '于潇',
      'YU Xiao',
    ]);
    // two authors share the first institution: one aff, two references to it
    expect(meta.aff.map((aff: Loose) => aff['@id'])).toEqual(['aff1', 'aff2']);
    expect(contribs[1].xref['@rid']).toBe('aff1');
    expect(meta).toMatchObject({ volume: '52', issue: '11', fpage: '1518', lpage: '1523' });
    expect(meta['pub-date'].year).toBe('2012');
    expect(meta['kwd-group'].map((group: Loose) => group.kwd.length)).toEqual([3, 3]);
  });

  it('answers a deleted record with its header only', async () => {
    const { doc } = await oai('verb=GetRecord&identifier=oai:journal.example.org:505&metadataPrefix=oai_dc');
    const [only] = (doc['GetRecord'] as Loose).record;
    expect(only.header[0]['@status']).toBe('deleted');
    expect(only.metadata).toBeUndefined();
  });

  it('badArgument without identifier, cannotDisseminateFormat and idDoesNotExist for unknown values', async () => {
    expect(await errorCodes('verb=GetRecord&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(await errorCodes('verb=GetRecord&identifier=oai:journal.example.org:101&metadataPrefix=marc')).toEqual([
      'cannotDisseminateFormat',
    ]);
    expect(await errorCodes('verb=GetRecord&identifier=nope&metadataPrefix=oai_dc')).toEqual(['idDoesNotExist']);
    expect(await errorCodes('verb=GetRecord&identifier=nope&metadataPrefix=marc')).toEqual([
      'idDoesNotExist',
      'cannotDisseminateFormat',
    ]);
  });
});

/** Follows resumption tokens to the end; returns every page's content. */
async function harvest(verb: 'ListIdentifiers' | 'ListRecords', first: string, pageSize: number): Promise<Loose[]> {
  const repo = fakeRepository();
  const pages: Loose[] = [];
  let query = `verb=${verb}&${first}`;
  for (let i = 0; i < 20; i += 1) {
    const { doc } = await oai(query, repo, { pageSize });
    expect(doc.error).toBeUndefined();
    const content = doc[verb] as Loose;
    pages.push(content);
    const token = content.resumptionToken;
    if (!token?.['#text']) break;
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token['#text'])}`;
  }
  return pages;
}

describe('ListIdentifiers and ListRecords', () => {
  it('pages through every header once with resumption tokens, the last one empty', async () => {
    const pages = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc', 2);
    expect(pages).toHaveLength(3);
    const identifiers = pages.flatMap((page) => page.header.map((header: Loose) => header.identifier));
    expect(identifiers).toEqual(RECORDS.map((found) => found.header.identifier));
    expect(pages.map((page) => [page.resumptionToken['@cursor'], page.resumptionToken['@completeListSize']])).toEqual([
      ['0', '5'],
      ['2', '5'],
      ['4', '5'],
    ]);
    expect(pages[2].resumptionToken['#text']).toBeUndefined();
    expect(pages[2].header[0]['@status']).toBe('deleted');
  });

  it('writes no resumption token when the list fits one page', async () => {
    const [page] = await harvest('ListRecords', 'metadataPrefix=jats', 100);
    expect(page.record).toHaveLength(5);
    expect(page.resumptionToken).toBeUndefined();
    expect(page.record[1].metadata.article.front['article-meta']['title-group']['article-title']).toBe(
      'Shaking {without} quaking: 50% of R&D_costs in Zürich',
    );
  });

  it('keeps from, until, set and the format across pages; until includes its whole day', async () => {
    const pages = await harvest(
      'ListRecords',
      'metadataPrefix=oai_dc&from=2024-02-10&until=2024-05-10&set=journal:1',
      1,
    );
    const identifiers = pages.flatMap((page) => page.record.map((found: Loose) => found.header[0].identifier));
    expect(identifiers).toEqual(['oai:journal.example.org:202', 'oai:journal.example.org:505']);
    expect(pages[0].record[0].metadata['oai_dc:dc']).toBeDefined();
  });

  it('passes the range to the repository as instants, and asks for headers only for ListIdentifiers', async () => {
    const repo = fakeRepository();
    await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-02-01&until=2024-02-29', repo);
    await oai('verb=ListRecords&metadataPrefix=oai_dc', repo);
    expect(repo.queries).toEqual([
      {
        cursor: 0,
        limit: 100,
        from: new Date('2024-02-01T00:00:00.000Z'),
        until: new Date('2024-02-29T23:59:59.999Z'),
        set: null,
        headersOnly: true,
      },
      { cursor: 0, limit: 100, from: null, until: null, set: null, headersOnly: false },
    ]);
  });

  it('accepts second granularity when the repository has it', async () => {
    const repo = fakeRepository(RECORDS, [], { ...IDENTIFY, granularity: 'YYYY-MM-DDThh:mm:ssZ' });
    const { doc } = await oai(
      'verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-01-10T08:30:00Z&until=2024-01-10T08:30:00Z',
      repo,
    );
    expect((doc['ListIdentifiers'] as Loose).header.map((header: Loose) => header.datestamp)).toEqual([
      '2024-01-10T08:30:00Z',
    ]);
  });

  it('noRecordsMatch when nothing matches', async () => {
    expect(await errorCodes('verb=ListRecords&metadataPrefix=oai_dc&from=2030-01-01')).toEqual(['noRecordsMatch']);
    expect(await errorCodes('verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:9')).toEqual(['noRecordsMatch']);
  });

  it.each([
    ['a missing metadataPrefix', 'verb=ListRecords'],
    ['a malformed date', 'verb=ListRecords&metadataPrefix=oai_dc&from=2024-13-01'],
    ['a date that does not exist', 'verb=ListRecords&metadataPrefix=oai_dc&until=2024-02-30'],
    ['from after until', 'verb=ListRecords&metadataPrefix=oai_dc&from=2024-03-01&until=2024-02-01'],
    ['seconds in a day-granularity repository', 'verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-01-01T00:00:00Z'],
    ['a repeated argument', 'verb=ListIdentifiers&metadataPrefix=oai_dc&set=a&set=b'],
    ['an unknown argument', 'verb=ListIdentifiers&metadataPrefix=oai_dc&page=2'],
    ['a resumption token with other arguments', 'verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=x'],
  ])('badArgument for %s', async (_, query) => {
    expect(await errorCodes(query)).toEqual(['badArgument']);
  });

  it('badArgument when from and until differ in granularity', async () => {
    const repo = fakeRepository(RECORDS, [], { ...IDENTIFY, granularity: 'YYYY-MM-DDThh:mm:ssZ' });
    expect(
      await errorCodes('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-01-01&until=2024-02-01T00:00:00Z', repo),
    ).toEqual(['badArgument']);
  });

  it('cannotDisseminateFormat for an unknown prefix, noSetHierarchy for a set in a repository without sets', async () => {
    expect(await errorCodes('verb=ListRecords&metadataPrefix=marc21')).toEqual(['cannotDisseminateFormat']);
    expect(
      await errorCodes('verb=ListRecords&metadataPrefix=oai_dc&set=journal:1', fakeRepository(RECORDS, [])),
    ).toEqual(['noSetHierarchy']);
  });

  it.each([
    ['garbage', 'not-a-token'],
    [
      'an edited token',
      encodeToken({
        verb: 'ListRecords',
        metadataPrefix: 'oai_dc',
        from: null,
        until: null,
        set: null,
        cursor: 2,
      }).replace(/^./, 'X'),
    ],
    [
      'a ListIdentifiers token in ListRecords',
      encodeToken({ verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', from: null, until: null, set: null, cursor: 2 }),
    ],
    [
      'a token past the end of the list',
      encodeToken({ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: null, until: null, set: null, cursor: 50 }),
    ],
  ])('badResumptionToken for %s', async (_, token) => {
    expect(await errorCodes(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).toEqual([
      'badResumptionToken',
    ]);
  });
});

describe('resumption tokens', () => {
  it('decode what they encode and nothing else', () => {
    const state = {
      verb: 'ListRecords' as const,
      metadataPrefix: 'jats',
      from: '2024-01-01',
      until: null,
      set: 'journal:1',
      cursor: 200,
    };
    const token = encodeToken(state);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/);
    expect(decodeToken(token)).toEqual(state);
    expect(decodeToken(`${token}.x`)).toBeNull();
    expect(decodeToken(token.slice(0, -1))).toBeNull();
  });
});
