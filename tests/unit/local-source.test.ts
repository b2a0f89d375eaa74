import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ContentSource } from '../../src/content/source.ts';
import {
  albumDetailSchema,
  albumSchema,
  articleDetailSchema,
  articleSummarySchema,
  channelInfoSchema,
  editorialTopicSchema,
  expertSchema,
  issueTocSchema,
  moduleSchema,
  newsDetailSchema,
  newsItemSchema,
  pagedSchema,
  periodSchema,
  periodYearSchema,
  publicationSchema,
  searchConditionSchema,
  searchConfigEntrySchema,
  siteSchema,
  siteShellSchema,
} from '../../src/content/types.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { countSiteVisit } from '../../src/server/store/visits.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
let source: ContentSource;
let clock = new Date('2025-06-01T09:00:00Z');
beforeAll(() => {
  fixture = createStoreFixture();
  source = createLocalSource(fixture.db, { now: () => clock });
});
afterAll(() => fixture.cleanup());

describe('LocalSource over the fixture store', () => {
  it('takes "today" for the footer from the injected clock and sees new visits at once', async () => {
    expect((await source.getSiteShell(1))?.footer).toMatchObject({ sumVisits: 42, todayVisits: 2 });
    await countSiteVisit(fixture.db, 1, 'visitor-a', clock);
    expect((await source.getSiteShell(1))?.footer).toMatchObject({ sumVisits: 43, todayVisits: 3 });
    clock = new Date('2025-06-02T09:00:00Z');
    expect((await source.getSiteShell(1))?.footer).toMatchObject({ sumVisits: 43, todayVisits: 0 });
    siteShellSchema.parse(await source.getSiteShell(2));
  });

  it("answers every lookup of site 1's content with nothing when asked for site 2", async () => {
    expect(await source.getChannelInfo(2, 2)).toBeNull();
    expect(await source.findChannelByCode(2, 'aboutus')).toBeNull();
    expect(await source.getModules(2, 1)).toEqual([]);
    expect(await source.getPublication(2, 11)).toBeNull();
    expect(await source.getPeriodTree(2, { publicationId: 11 })).toEqual([]);
    expect(await source.getFirstTwoPeriods(2, 11)).toEqual([]);
    expect(await source.findPeriod(2, 2025, 1, 11)).toBeNull();
    expect(await source.getIssueToc(2, 102, 0, 10)).toBeNull();
    expect(await source.listArticles(2, 'latest', 0, 100, 11)).toMatchObject({ total: 0, content: [] });
    expect(await source.getArticle(2, 1001)).toBeNull();
    expect(await source.getArticleByDoi(2, '10.1000/alpha.1001')).toBeNull();
    expect(await source.getNews(2, 1)).toBeNull();
    expect(await source.listNews(2, { channelId: 2, page: 0, size: 10 })).toMatchObject({ total: 0 });
    expect(await source.getAlbum(2, 1)).toBeNull();
    expect(await source.getEditorialTopic(2, 1)).toBeNull();
    expect(await source.listExperts(2, 1, 0, 10)).toMatchObject({ total: 0, content: [] });
    const ownArticles = await source.listArticles(2, 'latest', 0, 100);
    expect(ownArticles.content.map((a) => a.id)).toEqual([2001]);
  });
});

describe('LocalSource over the demo database', () => {
  let demo: DemoDb;
  let demoSource: ContentSource;
  beforeAll(async () => {
    demo = await createDemoDb({ articles: 400 });
    demoSource = createLocalSource(demo.db);
  });
  afterAll(() => demo.cleanup());

  it('answers every ContentSource method on jmst with schema-valid data', async () => {
    const site = siteSchema.parse(await demoSource.findSiteBySld('jmst'));
    expect(site.id).toBe(1);
    expect(siteSchema.parse(await demoSource.findSiteById(1)).sld).toBe('jmst');
    expect(siteSchema.parse(await demoSource.findSiteByDomain('www.jmst-demo.org')).id).toBe(1);

    const shell = siteShellSchema.parse(await demoSource.getSiteShell(1));
    expect(shell.channels.length).toBeGreaterThan(0);
    expect(shell.tools.length).toBeGreaterThan(0);
    const home = shell.channels.find((channel) => channel.code === 'index');
    expect(home).toBeDefined();
    const modules = z.array(moduleSchema).parse(await demoSource.getModules(1, home?.id ?? 0));
    expect(modules.length).toBeGreaterThan(0);
    expect(channelInfoSchema.parse(await demoSource.getChannelInfo(1, home?.id ?? 0)).code).toBe('index');
    expect(channelInfoSchema.parse(await demoSource.findChannelByCode(1, 'index')).id).toBe(home?.id);

    const publications = z.array(publicationSchema).parse(await demoSource.listPublications(1));
    const journal = publications[0];
    expect(journal).toBeDefined();
    const publicationId = journal?.id ?? 0;
    publicationSchema.parse(await demoSource.getPublication(1, publicationId));
    const tree = z.array(periodYearSchema).parse(await demoSource.getPeriodTree(1));
    const periods = tree.flatMap((year) => year.periods);
    expect(periods.length).toBeGreaterThan(2);
    const back = z
      .array(periodYearSchema)
      .parse(await demoSource.getPeriodTree(1, { isBack: true, periodAsc: true, publicationId }));
    expect(back.flatMap((year) => year.periods)).toHaveLength(periods.length - 1);
    const firstTwo = z.array(periodSchema).parse(await demoSource.getFirstTwoPeriods(1, publicationId));
    expect(firstTwo.map((period) => period.id)).toEqual(periods.slice(0, 2).map((period) => period.id));
    const biggest = periods.reduce((a, b) => (b.articleCount > a.articleCount ? b : a));
    expect(periodSchema.parse(await demoSource.findPeriod(1, biggest.year, biggest.issue)).id).toBe(biggest.id);
    const toc = issueTocSchema.parse(await demoSource.getIssueToc(1, biggest.id, 0, 300));
    expect(toc.columns.flatMap((column) => column.articles)).toHaveLength(Math.min(300, biggest.articleCount));

    for (const kind of ['online-first', 'just-accepted', 'most-read', 'latest'] as const) {
      const list = pagedSchema(articleSummarySchema).parse(await demoSource.listArticles(1, kind, 0, 10));
      expect(list.content.length, kind).toBeGreaterThan(0);
      pagedSchema(articleSummarySchema).parse(await demoSource.listArticles(1, kind, 1, 5, publicationId));
    }
    const latest = (await demoSource.listArticles(1, 'latest', 0, 1)).content[0];
    const detail = articleDetailSchema.parse(await demoSource.getArticle(1, latest?.id ?? 0));
    expect(detail.authorDetails.length).toBeGreaterThan(0);
    expect(detail.doi).not.toBeNull();
    expect(articleDetailSchema.parse(await demoSource.getArticleByDoi(1, (detail.doi ?? '').toUpperCase())).id).toBe(
      detail.id,
    );

    const news = pagedSchema(newsItemSchema).parse(await demoSource.listNews(1, { page: 0, size: 10 }));
    expect(news.content.length).toBeGreaterThan(0);
    pagedSchema(newsItemSchema).parse(await demoSource.listNews(1, { type: 'announcement', page: 0, size: 10 }));
    newsDetailSchema.parse(await demoSource.getNews(1, news.content[0]?.id ?? 0));
    z.array(newsItemSchema).parse(await demoSource.getTopNews(1));

    const albums = z.array(albumSchema).parse(await demoSource.listAlbums(1));
    expect(albums.length).toBeGreaterThan(0);
    expect(albumDetailSchema.parse(await demoSource.getAlbum(1, albums[0]?.id ?? 0)).items.length).toBeGreaterThan(0);

    const topics = z.array(editorialTopicSchema).parse(await demoSource.listEditorialTopics(1));
    const topicId = topics[0]?.id ?? 0;
    editorialTopicSchema.parse(await demoSource.getEditorialTopic(1, topicId));
    expect(
      pagedSchema(expertSchema).parse(await demoSource.listExperts(1, topicId, 0, 10)).content.length,
    ).toBeGreaterThan(0);

    expect(z.array(searchConfigEntrySchema).parse(await demoSource.getSearchConfig(1)).length).toBeGreaterThan(0);
    expect(z.array(searchConditionSchema).parse(await demoSource.getSearchConditions(1, 'article'))).toHaveLength(6);
    expect(z.array(searchConditionSchema).parse(await demoSource.getSearchConditions(1, 'publication'))).toHaveLength(
      4,
    );
  });

  it('never answers site 2 (cpg) with site 1 (jmst) rows', async () => {
    const shell = await demoSource.getSiteShell(1);
    const channelIds = (shell?.channels ?? []).flatMap(function ids(channel): number[] {
      return [channel.id, ...channel.children.flatMap(ids)];
    });
    const articleIds: number[] = [];
    for (const kind of ['online-first', 'just-accepted', 'latest'] as const) {
      articleIds.push(...(await demoSource.listArticles(1, kind, 0, 1000)).content.map((article) => article.id));
    }
    const periodIds = (await demoSource.getPeriodTree(1)).flatMap((year) => year.periods.map((period) => period.id));
    const newsIds = (await demoSource.listNews(1, { page: 0, size: 1000 })).content.map((item) => item.id);
    const albumIds = (await demoSource.listAlbums(1)).map((album) => album.id);
    const topicIds = (await demoSource.listEditorialTopics(1)).map((topic) => topic.id);
    const publicationIds = (await demoSource.listPublications(1)).map((publication) => publication.id);
    expect(articleIds.length).toBeGreaterThan(100);

    for (const id of channelIds) {
      expect(await demoSource.getChannelInfo(2, id)).toBeNull();
      expect(await demoSource.getModules(2, id)).toEqual([]);
    }
    for (const id of articleIds) expect(await demoSource.getArticle(2, id)).toBeNull();
    for (const id of periodIds) expect(await demoSource.getIssueToc(2, id, 0, 10)).toBeNull();
    for (const id of newsIds) expect(await demoSource.getNews(2, id)).toBeNull();
    for (const id of albumIds) expect(await demoSource.getAlbum(2, id)).toBeNull();
    for (const id of topicIds) {
      expect(await demoSource.getEditorialTopic(2, id)).toBeNull();
      expect((await demoSource.listExperts(2, id, 0, 10)).total).toBe(0);
    }
    for (const id of publicationIds) {
      expect(await demoSource.getPublication(2, id)).toBeNull();
      expect(await demoSource.getPeriodTree(2, { publicationId: id })).toEqual([]);
      expect(await demoSource.getFirstTwoPeriods(2, id)).toEqual([]);
      expect((await demoSource.listArticles(2, 'latest', 0, 10, id)).total).toBe(0);
    }
    const detail = await demoSource.getArticle(1, articleIds[0] ?? 0);
    expect(await demoSource.getArticleByDoi(2, detail?.doi ?? '')).toBeNull();

    // Site 2's own answers carry only site 2's rows (group entries name member journals by design).
    const own = await demoSource.getSiteShell(2);
    expect(own?.site.id).toBe(2);
    expect(own?.topNews.every((item) => item.siteId === 2)).toBe(true);
    expect(own?.tools.every((tool) => tool.siteId === 2)).toBe(true);
    expect(own?.channels.every((channel) => channel.siteId === 2)).toBe(true);
    for (const kind of ['online-first', 'just-accepted', 'most-read', 'latest'] as const) {
      expect((await demoSource.listArticles(2, kind, 0, 1000)).content.every((article) => article.siteId === 2)).toBe(
        true,
      );
    }
    expect((await demoSource.listNews(2, { page: 0, size: 1000 })).content.every((item) => item.siteId === 2)).toBe(
      true,
    );
    expect((await demoSource.listAlbums(2)).every((album) => album.siteId === 2)).toBe(true);
    expect((await demoSource.listEditorialTopics(2)).every((topic) => topic.siteId === 2)).toBe(true);
    expect((await demoSource.listPublications(2)).every((publication) => publication.siteId === 2)).toBe(true);
  });
});
