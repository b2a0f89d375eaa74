/**
 * The ContentSource contract: the same assertions run against LocalSource (the store in-process)
 * and RcPubSource pointed at our own rc-pub API on a free 127.0.0.1 port, over one seeded store.
 * A last group checks that both sources answer the same calls with equal objects.
 */
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRcPubSource } from '../../src/content/rcpub-source.ts';
import type { ContentSource } from '../../src/content/source.ts';
import type { Period } from '../../src/content/types.ts';
import { createApi } from '../../src/server/api/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let server: ServerType;
let local: ContentSource;
let remote: ContentSource;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 300 });
  local = createLocalSource(demo.db);
  const api = createApi({ db: demo.db, source: local });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  remote = createRcPubSource(`http://127.0.0.1:${port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await demo.cleanup();
});

const JMST = 1;
const CPG = 2;
const EMF = 4;

function newestFirst(periods: Period[]): boolean {
  return periods.every((period, i) => {
    const next = periods[i + 1];
    return !next || period.year > next.year || (period.year === next.year && period.issue > next.issue);
  });
}

describe.each([
  ['LocalSource', () => local],
  ['RcPubSource', () => remote],
])('%s', (_name, sourceOf) => {
  it('finds sites by sld, id and domain, closed ones with their status, unknown ones as null', async () => {
    const source = sourceOf();
    const jmst = await source.findSiteBySld('jmst');
    expect(jmst).toMatchObject({
      id: JMST,
      type: 'single',
      status: 'active',
      enName: 'Journal of Materials Science and Technology',
    });
    expect((await source.findSiteById(CPG))?.sld).toBe('cpg');
    expect((await source.findSiteByDomain('www.jmst-demo.org'))?.id).toBe(JMST);
    expect((await source.findSiteBySld('lapsed'))?.status).toBe('expired');
    expect((await source.findSiteBySld('closed'))?.status).toBe('forbidden');
    expect(await source.findSiteBySld('no-such-site')).toBeNull();
    expect(await source.findSiteBySld('not a sld!')).toBeNull();
    expect(await source.findSiteById(999_999)).toBeNull();
  });

  it('loads the shell: channels, footer, group entries; a closed site still has one for its notice page', async () => {
    const source = sourceOf();
    const shell = await source.getSiteShell(JMST);
    expect(shell?.site.sld).toBe('jmst');
    expect(shell?.channels.length).toBeGreaterThan(5);
    expect(shell?.channels.map((channel) => channel.code)).toContain('index');
    expect(shell?.footer.copyright).toBeTruthy();
    expect((await source.getSiteShell(CPG))?.groupEntries.length).toBeGreaterThanOrEqual(3);
    expect((await source.getSiteShell(7))?.site.status).toBe('expired');
    expect(await source.getSiteShell(999_999)).toBeNull();
  });

  it('lists the home modules and finds channels by id and code', async () => {
    const source = sourceOf();
    const home = await source.findChannelByCode(JMST, 'index');
    expect(home?.code).toBe('index');
    if (!home) return;
    expect((await source.getChannelInfo(JMST, home.id))?.id).toBe(home.id);
    expect((await source.getModules(JMST, home.id)).length).toBeGreaterThan(0);
    expect(await source.getChannelInfo(CPG, home.id)).toBeNull();
    expect(await source.findChannelByCode(JMST, 'noSuchCode')).toBeNull();
  });

  it('gives the period tree newest first, oldest first on request, and the first two periods', async () => {
    const source = sourceOf();
    const tree = await source.getPeriodTree(JMST);
    const flat = tree.flatMap((year) => year.periods);
    expect(flat.length).toBeGreaterThan(10);
    expect(tree.map((year) => year.year)).toEqual([...tree.map((year) => year.year)].sort((a, b) => b - a));
    expect(newestFirst(flat)).toBe(true);
    const ascending = (await source.getPeriodTree(JMST, { periodAsc: true })).flatMap((year) => year.periods);
    expect(ascending.map((period) => period.id)).toEqual([...flat].reverse().map((period) => period.id));
    const back = (await source.getPeriodTree(JMST, { isBack: true })).flatMap((year) => year.periods);
    expect(back.map((period) => period.id)).toEqual(flat.slice(1).map((period) => period.id));
    const newest = flat[0];
    if (!newest) return;
    const firstTwo = await source.getFirstTwoPeriods(JMST, newest.publicationId);
    expect(firstTwo.map((period) => period.id)).toEqual(flat.slice(0, 2).map((period) => period.id));
    expect((await source.findPeriod(JMST, newest.year, newest.issue))?.id).toBe(newest.id);
    expect(await source.findPeriod(JMST, 1901, 1)).toBeNull();
  });

  it("groups the largest issue's table of contents by column, page after page", async () => {
    const source = sourceOf();
    const flat = (await source.getPeriodTree(JMST)).flatMap((year) => year.periods);
    const biggest = flat.reduce((a, b) => (b.articleCount > a.articleCount ? b : a));
    expect(biggest.articleCount).toBeGreaterThan(20);
    const first = await source.getIssueToc(JMST, biggest.id, 0, 20);
    const second = await source.getIssueToc(JMST, biggest.id, 1, 20);
    expect(first?.total).toBe(biggest.articleCount);
    const ids = (toc: typeof first) =>
      toc?.columns.flatMap((column) => column.articles.map((article) => article.id)) ?? [];
    expect(ids(first)).toHaveLength(20);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const columnIds = first?.columns.map((column) => column.id) ?? [];
    expect(new Set(columnIds).size).toBe(columnIds.length);
    for (const column of first?.columns ?? []) {
      if (column.id !== null) expect(column.articles.every((article) => article.columnId === column.id)).toBe(true);
    }
    expect(await source.getIssueToc(CPG, biggest.id, 0, 20)).toBeNull();
  });

  it('finds an article by id and by DOI alike, never on another site', async () => {
    const source = sourceOf();
    const list = await source.listArticles(JMST, 'latest', 0, 20);
    const withDoi = list.content.find((article) => article.doi);
    expect(withDoi).toBeDefined();
    if (!withDoi?.doi) return;
    const byId = await source.getArticle(JMST, withDoi.id);
    expect(byId?.title).toBe(withDoi.title);
    expect(byId?.authorDetails.length).toBeGreaterThan(0);
    expect(await source.getArticleByDoi(JMST, withDoi.doi)).toEqual(byId);
    expect(await source.getArticle(CPG, withDoi.id)).toBeNull();
    expect(await source.getArticleByDoi(CPG, withDoi.doi)).toBeNull();
    expect(await source.getArticle(JMST, 999_999_999)).toBeNull();
  });

  it('lists online-first and just-accepted articles', async () => {
    const source = sourceOf();
    const online = await source.listArticles(JMST, 'online-first', 0, 5);
    expect(online.content.length).toBeGreaterThan(0);
    expect(online.content.every((article) => article.status === 'online-first')).toBe(true);
    // a feed's uncounted list is the list's first page
    expect(await source.listFirstArticles(JMST, 'online-first', 5)).toEqual(online.content);
    const latest = await source.listArticles(JMST, 'latest', 0, 30);
    expect(await source.listFirstArticles(JMST, 'latest', 30)).toEqual(latest.content);
    const accepted = await source.listArticles(JMST, 'just-accepted', 0, 5);
    expect(accepted.content.every((article) => article.status === 'just-accepted')).toBe(true);
  });

  it('pages news and finds one item', async () => {
    const source = sourceOf();
    const first = await source.listNews(JMST, { page: 0, size: 5 });
    const second = await source.listNews(JMST, { page: 1, size: 5 });
    expect(first.content).toHaveLength(5);
    expect(first.total).toBeGreaterThan(10);
    expect(second.content[0]?.id).not.toBe(first.content[0]?.id);
    const notices = await source.listNews(JMST, { type: 'announcement', page: 0, size: 50 });
    expect(notices.content.every((item) => item.type === 'announcement')).toBe(true);
    const item = first.content[0];
    if (!item) return;
    expect((await source.getNews(JMST, item.id))?.title).toBe(item.title);
    expect(await source.getNews(CPG, item.id)).toBeNull();
  });

  it('gives albums with their items', async () => {
    const source = sourceOf();
    const albums = await source.listAlbums(JMST);
    const full = albums.find((album) => album.itemCount > 0);
    expect(full).toBeDefined();
    if (!full) return;
    const detail = await source.getAlbum(JMST, full.id);
    expect(detail?.items.length).toBeGreaterThan(0);
    expect(await source.getAlbum(CPG, full.id)).toBeNull();
  });

  it('pages experts ten at a time', async () => {
    const source = sourceOf();
    const topics = await source.listEditorialTopics(JMST);
    const topic = topics[0];
    expect(topic).toBeDefined();
    if (!topic) return;
    expect((await source.getEditorialTopic(JMST, topic.id))?.name).toBe(topic.name);
    const page = await source.listExperts(JMST, topic.id, 0, 10);
    expect(page.content).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    const next = await source.listExperts(JMST, topic.id, 1, 10);
    expect(next.content[0]?.id).not.toBe(page.content[0]?.id);
    expect((await source.listExperts(CPG, topic.id, 0, 10)).content).toEqual([]);
  });

  it('answers unknown ids with null and lists as empty', async () => {
    const source = sourceOf();
    expect(await source.getPublication(JMST, 999_999)).toBeNull();
    expect(await source.getNews(JMST, 999_999)).toBeNull();
    expect(await source.getAlbum(JMST, 999_999)).toBeNull();
    expect(await source.getEditorialTopic(JMST, 999_999)).toBeNull();
    expect(await source.getChannelInfo(JMST, 999_999)).toBeNull();
    expect(await source.getIssueToc(JMST, 999_999, 0, 10)).toBeNull();
    expect(await source.getArticle(JMST, 0)).toBeNull();
    expect(await source.getArticleByDoi(JMST, '10.9999/none')).toBeNull();
    expect(await source.getModules(JMST, 999_999)).toEqual([]);
  });

  it('gives the search options, limited on emf', async () => {
    const source = sourceOf();
    const limited = ['article', 'picture', 'audio', 'video'];
    const codes = (await source.getSearchConfig(EMF)).map((entry) => entry.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((code) => limited.includes(code))).toBe(true);
    expect((await source.getSearchConfig(JMST)).some((entry) => !limited.includes(entry.code))).toBe(true);
    expect((await source.getSearchConditions(JMST, 'article')).length).toBeGreaterThan(0);
  });
});

describe('LocalSource and RcPubSource', () => {
  it('answer the same calls with equal objects', async () => {
    const publications = await local.listPublications(JMST);
    const publication = publications[0];
    const newest = (await local.getPeriodTree(JMST)).flatMap((year) => year.periods)[0];
    const article = (await local.listArticles(JMST, 'latest', 0, 1)).content[0];
    expect(publication && newest && article).toBeTruthy();
    if (!publication || !newest || !article) return;
    const calls: [string, (source: ContentSource) => Promise<unknown>][] = [
      ['shell', (s) => s.getSiteShell(JMST)],
      ['group shell', (s) => s.getSiteShell(CPG)],
      ['publications', (s) => s.listPublications(CPG)],
      ['publication', (s) => s.getPublication(JMST, publication.id)],
      ['tree', (s) => s.getPeriodTree(JMST, { publicationId: publication.id })],
      ['toc', (s) => s.getIssueToc(JMST, newest.id, 0, 50)],
      ['article', (s) => s.getArticle(JMST, article.id)],
      ['most read', (s) => s.listArticles(JMST, 'most-read', 0, 10)],
      ['first articles', (s) => s.listFirstArticles(JMST, 'latest', 7, publication.id)],
      ['abstracts', (s) => s.getArticleAbstracts(JMST, [article.id, 999_999_999])],
      ['news', (s) => s.listNews(CPG, { type: 'dynamic', page: 0, size: 3 })],
      ['top news', (s) => s.getTopNews(JMST)],
      ['albums', (s) => s.listAlbums(JMST)],
      ['topics', (s) => s.listEditorialTopics(CPG)],
      ['search config', (s) => s.getSearchConfig(EMF)],
      ['conditions', (s) => s.getSearchConditions(JMST, 'publication')],
    ];
    for (const [name, call] of calls) {
      expect(await call(remote), name).toEqual(await call(local));
    }
  });
});
