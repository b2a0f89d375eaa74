/**
 * OAI-PMH over HTTP on a running portal: a harvester walks every page of a demo site's
 * ListRecords and ListIdentifiers with resumption tokens, sees each article of the site exactly
 * once and nothing of another site; sets are the site's journals, from/until filter by update
 * time, GetRecord answers JATS, and bad requests get the protocol's error codes.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { type Portal, requestVia, startPortal } from './harness.ts';

let portal: Portal;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name, jpath) =>
    ['error', 'record', 'set'].includes(name) ||
    jpath === 'OAI-PMH.ListIdentifiers.header' ||
    (name === 'setSpec' && String(jpath).endsWith('header.setSpec')),
});

type Header = { identifier: string; datestamp: string; setSpec: string[] };
type Answer = {
  'OAI-PMH': {
    error?: { '@code': string }[];
    Identify?: {
      repositoryName: string;
      baseURL: string;
      granularity: string;
      description?: { 'oai-identifier'?: { repositoryIdentifier: string; sampleIdentifier: string } };
    };
    ListSets?: { set: { setSpec: string; setName: string }[] };
    ListRecords?: {
      record: { header: Header; metadata: Record<string, unknown> }[];
      resumptionToken?: { '#text'?: string; '@completeListSize': string } | string;
    };
    ListIdentifiers?: {
      header: Header[];
      resumptionToken?: { '#text'?: string; '@completeListSize': string } | string;
    };
    GetRecord?: { record: { header: Header; metadata: Record<string, unknown> }[] };
  };
};

beforeAll(async () => {
  portal = await startPortal({ articles: 600 });
});
afterAll(async () => portal?.close());

/** jmst's own domain in the demo data: its canonical host */
const JMST = 'oai:www.jmst-demo.org:article/';

async function oai(
  sld: string,
  query: string,
  method: 'GET' | 'POST' = 'GET',
  host?: string,
): Promise<Answer['OAI-PMH']> {
  const response =
    host !== undefined
      ? await requestVia(portal.port, host, `/oai?${query}`)
      : method === 'GET'
        ? await portal.request(sld, `/oai?${query}`)
        : await portal.request(sld, '/oai', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: query,
          });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(XMLValidator.validate(response.body)).toBe(true);
  return (parser.parse(response.body) as Answer)['OAI-PMH'];
}

function tokenOf(list: { resumptionToken?: { '#text'?: string } | string } | undefined): string {
  const token = list?.resumptionToken;
  return typeof token === 'string' ? token : (token?.['#text'] ?? '');
}

async function harvest(
  sld: string,
  verb: 'ListRecords' | 'ListIdentifiers',
  args: string,
): Promise<{ headers: Header[]; pages: number }> {
  const headers: Header[] = [];
  let query = `verb=${verb}&${args}`;
  for (let pages = 1; ; pages += 1) {
    const answer = await oai(sld, query);
    if (answer.error) throw new Error(`${sld} ${query}: ${answer.error.map((e) => e['@code']).join(', ')}`);
    const list = verb === 'ListRecords' ? answer.ListRecords : answer.ListIdentifiers;
    const page =
      verb === 'ListRecords'
        ? (answer.ListRecords?.record.map((r) => r.header) ?? [])
        : (answer.ListIdentifiers?.header ?? []);
    headers.push(...page);
    const token = tokenOf(list);
    if (!token) return { headers, pages };
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`;
  }
}

const count = (sql: string, ...args: (string | number)[]) =>
  Number((portal.db.prepare(sql).get(...args) as { n: number }).n);

describe('OAI-PMH harvest', () => {
  it('walks every page of ListRecords: each article of the site once, nothing of another site', async () => {
    const expected = count('SELECT COUNT(*) AS n FROM articles WHERE site_id = 1');
    const { headers, pages } = await harvest('jmst', 'ListRecords', 'metadataPrefix=oai_dc');
    expect(pages).toBeGreaterThan(1);
    const ids = headers.map((header) => header.identifier);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(expected);
    const articleIds = ids.map((id) => Number(/^oai:www\.jmst-demo\.org:article\/(\d+)$/.exec(id)?.[1]));
    const foreign = articleIds.filter(
      (id) => count('SELECT COUNT(*) AS n FROM articles WHERE id = ? AND site_id = 1', id) !== 1,
    );
    expect(foreign).toEqual([]);
  });

  it('ListIdentifiers by set (a journal) and by update time select what the store says', async () => {
    const answer = await oai('cpg', 'verb=ListSets');
    const sets = answer.ListSets?.set ?? [];
    expect(sets.length).toBe(count('SELECT COUNT(*) AS n FROM publications WHERE site_id = 2'));
    const [first] = sets;
    const publicationId = Number(first?.setSpec.replace('journal-', ''));
    const inSet = await harvest('cpg', 'ListIdentifiers', `metadataPrefix=jats&set=${first?.setSpec}`);
    expect(inSet.headers).toHaveLength(
      count('SELECT COUNT(*) AS n FROM articles WHERE site_id = 2 AND publication_id = ?', publicationId),
    );
    for (const header of inSet.headers) expect(header.setSpec).toEqual([first?.setSpec]);

    portal.db
      .prepare(
        "UPDATE articles SET updated_at = '2030-01-02T03:04:05.000Z' WHERE id IN (SELECT id FROM articles WHERE site_id = 1 ORDER BY id LIMIT 3)",
      )
      .run();
    const recent = await harvest(
      'jmst',
      'ListIdentifiers',
      'metadataPrefix=oai_dc&from=2030-01-01T00:00:00Z&until=2030-01-02T03:04:05Z',
    );
    expect(recent.headers.map((header) => header.datestamp)).toEqual([
      '2030-01-02T03:04:05Z',
      '2030-01-02T03:04:05Z',
      '2030-01-02T03:04:05Z',
    ]);
  });

  it('Identify names the site on its own origin; GetRecord answers JATS front matter, also by POST', async () => {
    const identify = (await oai('jmst', 'verb=Identify')).Identify;
    expect(identify?.baseURL).toBe(`${portal.origin('jmst')}/oai`);
    expect(identify?.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
    const article = portal.db.prepare('SELECT id, title FROM articles WHERE site_id = 1 ORDER BY id LIMIT 1').get() as {
      id: number;
      title: string;
    };
    const record = (await oai('jmst', `verb=GetRecord&metadataPrefix=jats&identifier=${JMST}${article.id}`, 'POST'))
      .GetRecord?.record[0];
    expect(record?.header.identifier).toBe(`${JMST}${article.id}`);
    expect(JSON.stringify(record?.metadata)).toContain(article.title);
  });

  it('one record has one identifier, from the canonical domain, whichever host the harvester used', async () => {
    const hosts = [
      `jmst.localhost:${portal.port}`,
      `www.jmst-demo.org:${portal.port}`,
      `jmst.${loadConfig().baseDomain}`,
    ];
    const article = portal.db.prepare('SELECT id, title FROM articles WHERE site_id = 1 ORDER BY id LIMIT 1').get() as {
      id: number;
      title: string;
    };
    const firsts = new Set<string>();
    for (const host of hosts) {
      const identify = (await oai('jmst', 'verb=Identify', 'GET', host)).Identify?.description?.['oai-identifier'];
      expect(identify?.repositoryIdentifier).toBe('www.jmst-demo.org');
      expect(identify?.sampleIdentifier.startsWith(JMST)).toBe(true);
      const first = (await oai('jmst', 'verb=ListIdentifiers&metadataPrefix=oai_dc', 'GET', host)).ListIdentifiers
        ?.header[0];
      firsts.add(first?.identifier ?? '');
      const record = (
        await oai('jmst', `verb=GetRecord&metadataPrefix=oai_dc&identifier=${JMST}${article.id}`, 'GET', host)
      ).GetRecord?.record[0];
      expect(record?.header.identifier).toBe(`${JMST}${article.id}`);
      expect(JSON.stringify(record?.metadata)).toContain(article.title);
    }
    expect([...firsts]).toHaveLength(1);
    expect([...firsts][0]).toMatch(/^oai:www\.jmst-demo\.org:article\/\d+$/);
    // a site without its own domain is named by its address under the base domain
    const cpg = (await oai('cpg', 'verb=Identify')).Identify?.description?.['oai-identifier'];
    expect(cpg?.repositoryIdentifier).toBe(`cpg.${loadConfig().baseDomain}`);
  });

  it("answers the protocol's errors, and another site's article does not exist here", async () => {
    const other = portal.db.prepare('SELECT id FROM articles WHERE site_id = 2 ORDER BY id LIMIT 1').get() as {
      id: number;
    };
    const codes = async (sld: string, query: string) =>
      ((await oai(sld, query)).error ?? []).map((error) => error['@code']);
    expect(await codes('jmst', `verb=GetRecord&metadataPrefix=oai_dc&identifier=${JMST}${other.id}`)).toEqual([
      'idDoesNotExist',
    ]);
    expect(
      await codes(
        'jmst',
        `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:cpg.${loadConfig().baseDomain}:article/${other.id}`,
      ),
    ).toEqual(['idDoesNotExist']);
    expect(await codes('jmst', 'verb=Harvest')).toEqual(['badVerb']);
    expect(await codes('jmst', 'verb=ListRecords')).toEqual(['badArgument']);
    expect(await codes('jmst', 'verb=ListRecords&metadataPrefix=marc21')).toEqual(['cannotDisseminateFormat']);
    expect(await codes('jmst', 'verb=ListRecords&metadataPrefix=oai_dc&from=2090-01-01')).toEqual(['noRecordsMatch']);
    expect(await codes('jmst', 'verb=ListRecords&metadataPrefix=oai_dc&set=journal-999999')).toEqual([
      'noRecordsMatch',
    ]);
    expect(await codes('jmst', 'verb=ListRecords&resumptionToken=not-a-token')).toEqual(['badResumptionToken']);
  });
});
