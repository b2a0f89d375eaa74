/**
 * Issue 29: scheduled content is invisible everywhere until its time, then appears with nobody
 * acting; an article removed for legal reasons leaves every list and is a deleted OAI-PMH record.
 * The import fixture (tests/fixtures/import-scheduling.json) schedules items in 2099; "the time
 * comes" by moving every stored publish time into the past, as the clock would.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { listSiteRoutes } from '../../src/server/build/site-pages.ts';
import { latestFeed, onlineFirstFeed } from '../../src/server/feed/article-feed.ts';
import { importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { siteOaiRepository } from '../../src/server/oai/site-repository.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { claimSubscriptionEvents } from '../../src/server/store/subscriptions.ts';

const fixture = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-scheduling.json'), 'utf8')) as unknown;
const DOI = {
  published: '10.3788/AOS.2026.01.101',
  scheduled: '10.3788/AOS.2026.01.102',
  onlineFirst: '10.3788/AOS.2027.03.103',
  futureIssue: '10.3788/AOS.2099.01.104',
  removed: '10.3788/AOS.2026.01.105',
};

describe('the visibility rule across every query', () => {
  let dir: string;
  let db: Db;
  let source: ContentSource;
  let site: Site;
  const idOf = (doi: string) => Number(db.prepare('SELECT id FROM articles WHERE doi = ?').get(doi)?.['id']);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'visibility-'));
    db = openDb(join(dir, 'portal.db'));
    await importContent(db, fixture());
    source = createLocalSource(db);
    const found = await source.findSiteBySld('jos');
    if (!found) throw new Error('jos was not imported');
    site = found;
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** what a reader, a crawler, a harvester and a subscriber can see of the site now */
  async function seen() {
    const publication = (await source.listPublications(site.id))[0];
    if (!publication) throw new Error('no journal');
    const tree = await source.getPeriodTree(site.id, { publicationId: publication.id });
    const periods = tree.flatMap((year) => year.periods);
    const tocs = await Promise.all(periods.map((period) => source.getIssueToc(site.id, period.id, 0, 100)));
    const search = async (q: string) => {
      const parsed = parseSimpleSearch(new URLSearchParams({ q }));
      if (!parsed.ok) throw new Error(q);
      const result = await simpleSearch(db, { siteId: site.id, now: new Date() }, parsed.value);
      // the count a result page shows is of what it lists
      expect(result.total).toBe(result.content.length);
      return result.content.map((hit) => hit.title);
    };
    const feedRequest = {
      source,
      site,
      lang: 'en' as const,
      origin: 'https://jos.test',
      selfUrl: 'https://jos.test/feed',
    };
    const oai = siteOaiRepository({
      db,
      source,
      site,
      origin: 'https://jos.test',
      baseDomain: 'portal.test',
      lang: 'en',
      adminEmail: 'a@b.test',
      now: new Date(),
    });
    const records = (await oai.listRecords({ cursor: 0, limit: 100, from: null, until: null, set: null })).records;
    const routes = (await listSiteRoutes(source, site, { recentYears: 200 })).map((page) => page.route);
    const articles = await Promise.all(
      Object.values(DOI).map(
        async (doi) => [doi, (await source.getArticle(site.id, idOf(doi)))?.title ?? null] as const,
      ),
    );
    return {
      pages: Object.fromEntries(articles),
      issues: periods.map((period) => period.year),
      toc: tocs.flatMap((toc) => toc?.columns.flatMap((column) => column.articles.map((article) => article.doi)) ?? []),
      onlineFirst: (await source.listArticles(site.id, 'online-first', 0, 20)).content.map((article) => article.doi),
      news: (await source.listNews(site.id, { page: 0, size: 20 })).content.map((item) => item.enTitle),
      topNews: (await source.getTopNews(site.id)).map((item) => item.enTitle),
      search: [...(await search('metasurface')), ...(await search('holography')), ...(await search('legal'))],
      feeds: [
        ...((await onlineFirstFeed(feedRequest, null))?.items ?? []),
        ...(await latestFeed(feedRequest)).items,
      ].map((item) => item.title),
      oai: records.map(
        (record) => `${record.header.identifier.replace(/^.*\//, '')}${record.header.deleted ? ' deleted' : ''}`,
      ),
      sitemap: routes.filter((route) => route.startsWith('article/') || route.startsWith('issue/')),
      digests: (await claimSubscriptionEvents(db, new Date().toISOString())).map((event) => event.kind),
    };
  }

  it('shows nothing scheduled or removed anywhere, then everything scheduled once its time comes', async () => {
    const [published, scheduled, onlineFirst, futureIssue, removed] = Object.values(DOI).map(idOf);
    const before = await seen();
    expect(before.pages).toEqual({
      [DOI.published]: '已发表的全息论文',
      [DOI.scheduled]: null,
      [DOI.onlineFirst]: null,
      [DOI.futureIssue]: null,
      [DOI.removed]: null,
    });
    expect(before.issues).toEqual([2026]);
    expect(before.toc).toEqual([DOI.published]);
    expect(before.onlineFirst).toEqual([]);
    expect(before.news).toEqual(['Indexed in EI']);
    expect(before.topNews).toEqual([]);
    expect(before.search).toEqual(['已发表的全息论文']);
    expect(before.feeds).toEqual(['Published holography paper']);
    expect(before.oai.sort()).toEqual([String(published), `${removed} deleted`].sort());
    expect(before.sitemap).toContain(`article/${published}/`);
    expect(
      before.sitemap.filter((route) =>
        [scheduled, onlineFirst, futureIssue, removed].some((id) => route === `article/${id}/`),
      ),
    ).toEqual([]);
    expect(before.sitemap.some((route) => route.startsWith('issue/2099'))).toBe(false);
    // the 2026 issue's digest goes out; the scheduled ones wait
    expect(before.digests).toEqual(['issue']);

    // the time comes (every stored publish time now lies in the past)
    for (const table of ['articles', 'periods', 'news', 'search_docs'])
      db.prepare(`UPDATE ${table} SET publish_at = '2026-01-01T00:00:00.000Z' WHERE publish_at > '2026-01-01'`).run();
    // a write of the index moves its version, as every rewrite of it does (searches held in memory are read again)
    db.prepare('UPDATE search_versions SET version = version + 1').run();
    const after = await seen();
    expect(after.pages).toEqual({
      [DOI.published]: '已发表的全息论文',
      [DOI.scheduled]: '定时发布的超表面论文',
      [DOI.onlineFirst]: '未来日期的网络首发论文',
      [DOI.futureIssue]: '未来期次的论文',
      [DOI.removed]: null,
    });
    expect(after.issues).toEqual([2099, 2026]);
    expect(after.toc.sort()).toEqual([DOI.published, DOI.scheduled, DOI.futureIssue].sort());
    expect(after.onlineFirst).toEqual([DOI.onlineFirst]);
    expect(after.news).toEqual(['News from the future', 'Indexed in EI']);
    expect(after.topNews).toEqual(['News from the future']);
    expect(after.search.sort()).toEqual(['定时发布的超表面论文', '已发表的全息论文'].sort());
    expect(after.feeds).toContain('Future dated online-first paper');
    expect(after.feeds).toContain('Scheduled metasurface paper');
    expect(after.feeds).not.toContain('Paper removed for legal reasons');
    expect(after.oai.sort()).toEqual(
      [published, scheduled, onlineFirst, futureIssue].map(String).concat(`${removed} deleted`).sort(),
    );
    expect(after.sitemap).toContain(`article/${scheduled}/`);
    expect(after.sitemap).not.toContain(`article/${removed}/`);
    // the future issue and the online-first article: their digests go out now, once
    expect(after.digests.sort()).toEqual(['issue', 'online']);
  });

  it("counts in a list's total and OAI-PMH's completeListSize only what they list", async () => {
    const oai = siteOaiRepository({
      db,
      source,
      site,
      origin: 'https://jos.test',
      baseDomain: 'portal.test',
      lang: 'en',
      adminEmail: 'a@b.test',
      now: new Date(),
    });
    const oaiTotal = async () =>
      (await oai.listRecords({ cursor: 0, limit: 1, from: null, until: null, set: null })).completeListSize;
    // the online-first article is scheduled, the latest list holds one published formal article
    expect((await source.listArticles(site.id, 'online-first', 0, 20)).total).toBe(0);
    expect((await source.listArticles(site.id, 'latest', 0, 20)).total).toBe(1);
    // a harvester is promised the published article and the removed one (a deleted record)
    expect(await oaiTotal()).toBe(2);
    for (const table of ['articles', 'periods', 'news', 'search_docs'])
      db.prepare(`UPDATE ${table} SET publish_at = '2026-01-01T00:00:00.000Z' WHERE publish_at > '2026-01-01'`).run();
    // a write of the index moves its version, as every rewrite of it does (searches held in memory are read again)
    db.prepare('UPDATE search_versions SET version = version + 1').run();
    expect((await source.listArticles(site.id, 'online-first', 0, 20)).total).toBe(1);
    expect(await oaiTotal()).toBe(5);
  });

  it('keeps the removal date and reason, and OAI-PMH says deleted records are kept', async () => {
    expect(await source.getArticleRemoval(site.id, idOf(DOI.removed))).toEqual({
      removedAt: '2026-10-01T00:00:00.000Z',
      reason: '法院判决 / court order',
    });
    expect(await source.getArticleRemoval(site.id, idOf(DOI.published))).toBeNull();
    const oai = siteOaiRepository({
      db,
      source,
      site,
      origin: 'https://jos.test',
      baseDomain: 'portal.test',
      lang: 'en',
      adminEmail: 'a@b.test',
      now: new Date(),
    });
    expect((await oai.identify()).deletedRecord).toBe('persistent');
    const record = await oai.getRecord(`oai:jos.portal.test:article/${idOf(DOI.removed)}`);
    expect(record).toMatchObject({ header: { deleted: true }, metadata: null });
    expect(await oai.getRecord(`oai:jos.portal.test:article/${idOf(DOI.scheduled)}`)).toBeNull();
  });

  it('a re-import that lifts the removal brings the article back; importing the fixture twice changes nothing', async () => {
    const file = fixture() as { articles: Record<string, unknown>[] };
    const before = db.prepare('SELECT * FROM articles ORDER BY id').all();
    await importContent(db, fixture());
    expect(db.prepare('SELECT * FROM articles ORDER BY id').all()).toEqual(before);
    const removedRecord = file.articles.find((article) => article['doi'] === DOI.removed);
    if (!removedRecord) throw new Error('fixture changed');
    removedRecord['removed'] = null;
    await importContent(db, file);
    expect((await source.getArticle(site.id, idOf(DOI.removed)))?.title).toBe('因法律原因撤除的论文');
    expect(await source.getArticleRemoval(site.id, idOf(DOI.removed))).toBeNull();
  });
});
