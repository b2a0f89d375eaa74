/**
 * A page of OAI-PMH records reads its metadata for the whole page at once: every record of the
 * site carries what the article page's own record would print (authors with their institutions,
 * journal, keywords, abstract, a retraction notice), a removed article is a deleted record, and a
 * page of identifiers lists the same headers as the page of records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../src/content/types.ts';
import { citationFromArticle } from '../../src/server/citations/from-article.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import type { OaiRecord } from '../../src/server/oai/repository.ts';
import { siteOaiRepository } from '../../src/server/oai/site-repository.ts';
import { getArticle } from '../../src/server/store/article-detail.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

const ORIGIN = 'https://jmst.example.org';
let demo: DemoDb;
let site: Site;
let retracted: number;
let removed: number;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 300 });
  const found = await createLocalSource(demo.db).findSiteBySld('jmst');
  if (!found) throw new Error('no jmst');
  site = found;
  const ids = demo.db
    .prepare("SELECT id FROM articles WHERE site_id = ? AND status <> 'draft' ORDER BY updated_at, id LIMIT 2")
    .all(site.id)
    .map((row) => Number(row['id']));
  [retracted = 0, removed = 0] = ids;
  demo.db
    .prepare(
      "UPDATE articles SET notice_kind = 'retracted', notice_date = '2026-03-01', notice_reason = 'Duplicate data', notice_doi = '10.1000/notice.1' WHERE id = ?",
    )
    .run(retracted);
  demo.db.prepare("UPDATE articles SET removed_at = '2026-04-01T00:00:00.000Z' WHERE id = ?").run(removed);
});
afterAll(() => demo?.cleanup());

function repository() {
  const source = createLocalSource(demo.db);
  return siteOaiRepository({
    db: demo.db,
    source,
    site,
    origin: ORIGIN,
    baseDomain: 'portal.test',
    lang: 'zh',
    adminEmail: 'oai@portal.test',
    now: new Date(),
  });
}

async function everyPage(headersOnly: boolean): Promise<OaiRecord[]> {
  const repo = repository();
  const records: OaiRecord[] = [];
  for (let cursor = 0; ; ) {
    const page = await repo.listRecords({ cursor, limit: 100, from: null, until: null, set: null, headersOnly });
    records.push(...page.records);
    cursor += page.records.length;
    if (page.records.length === 0 || cursor >= page.completeListSize) return records;
  }
}

describe("a site's OAI-PMH record pages", () => {
  it("give every record the metadata of the article's own page record", async () => {
    const records = await everyPage(false);
    expect(records.length).toBeGreaterThan(100);
    const withInstitutions = records.filter((record) =>
      record.metadata?.authors.some((author) => author.institutions.length > 0),
    );
    expect(withInstitutions.length).toBeGreaterThan(50);
    for (const record of records) {
      const id = Number(record.header.identifier.replace(/^.*\//, ''));
      if (record.header.deleted) continue;
      const article = await getArticle(demo.db, site.id, id);
      if (!article) throw new Error(`article ${id} is not visible`);
      expect(record.metadata, String(id)).toEqual(citationFromArticle(article, `${ORIGIN}/zh/article/${id}/`));
    }
    const notice = records.find((record) => record.header.identifier.endsWith(`/${retracted}`));
    expect(notice?.metadata?.notice).toEqual({
      kind: 'retracted',
      date: '2026-03-01',
      reason: 'Duplicate data',
      doi: '10.1000/notice.1',
    });
  });

  it('keep a removed article as a deleted record without metadata', async () => {
    const records = await everyPage(false);
    const gone = records.filter((record) => record.header.deleted);
    expect(gone.map((record) => record.header.identifier)).toEqual([`oai:www.jmst-demo.org:article/${removed}`]);
    expect(gone[0]?.metadata).toBeNull();
  });

  it('list the same headers when asked for headers only', async () => {
    const [records, headers] = [await everyPage(false), await everyPage(true)];
    expect(headers.map((record) => record.header)).toEqual(records.map((record) => record.header));
    expect(headers.every((record) => record.metadata === null)).toBe(true);
  });

  it('answer GetRecord with the same record a list page holds', async () => {
    const records = await everyPage(false);
    const repo = repository();
    for (const record of [records[0], records[1], records[records.length - 1]]) {
      if (!record) throw new Error('too few records');
      expect(await repo.getRecord(record.header.identifier)).toEqual(record);
    }
  });
});
