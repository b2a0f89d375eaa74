/**
 * Content route groups with good and bad input. Paging rule: page is 0-based and must be >= 0;
 * size must be 1..1000 (API_MAX_PAGE_SIZE) — larger sizes are rejected with status 400, not clamped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { API_MAX_PAGE_SIZE } from '../../src/lib/constants.ts';
import { row, rows, run, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let article: number;
let doi: string;
let period: number;
let news: number;
let album: number;
let topic: number;
let home: number;
let cpgArticle: number;

beforeAll(async () => {
  api = await createApiFixture();
  const id = (sql: string) => value(api.demo.db, sql);
  article = await id(
    "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1",
  );
  doi = String((await row(api.demo.db, 'SELECT doi FROM articles WHERE id = ?', article))?.['doi']);
  period = await id(
    "SELECT period_id AS id FROM articles WHERE site_id = 1 AND status = 'formal' GROUP BY period_id ORDER BY COUNT(*) DESC LIMIT 1",
  );
  news = await id('SELECT id FROM news WHERE site_id = 1 ORDER BY id LIMIT 1');
  album = await id(
    'SELECT album_id AS id FROM album_items i JOIN albums a ON a.id = i.album_id WHERE a.site_id = 1 LIMIT 1',
  );
  topic = await id(
    'SELECT topic_id AS id FROM experts WHERE site_id = 1 GROUP BY topic_id HAVING COUNT(*) > 10 LIMIT 1',
  );
  home = await id("SELECT id FROM channels WHERE site_id = 1 AND code = 'index'");
  cpgArticle = await id("SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' LIMIT 1");
});
afterAll(() => api.cleanup());

const bad = (field: string) => ({ status: 400, message: `参数错误：${field}`, data: null });
const notFound = { status: 404, message: '未找到该资源', data: null };

describe('articles', () => {
  it('gives an article by id and by DOI, the same object', async () => {
    const byId = await api.json(`/rc-pub/front/front-article/${article}?siteId=1`);
    expect(byId).toMatchObject({ status: 0, data: { id: article, siteId: 1, doi } });
    const byDoi = await api.json(`${apiPaths.articleByDoi}?siteId=1&doi=${encodeURIComponent(doi)}`);
    expect(byDoi.data).toEqual(byId.data);
  });

  it('rejects a non-numeric or non-positive id, a bad DOI and a missing siteId', async () => {
    expect(await api.json('/rc-pub/front/front-article/abc?siteId=1')).toMatchObject(bad('id'));
    expect(await api.json('/rc-pub/front/front-article/0?siteId=1')).toMatchObject(bad('id'));
    expect(await api.json('/rc-pub/front/front-article/1.5?siteId=1')).toMatchObject(bad('id'));
    expect(await api.json(`${apiPaths.articleByDoi}?siteId=1&doi=nodoi`)).toMatchObject(bad('doi'));
    expect(await api.json(`/rc-pub/front/front-article/${article}`, { sld: null })).toMatchObject(bad('siteId'));
  });

  it('does not find unknown articles, nor another site’s', async () => {
    expect(await api.json('/rc-pub/front/front-article/99999999?siteId=1')).toMatchObject(notFound);
    expect(await api.json(`/rc-pub/front/front-article/${article}?siteId=2`, { sld: 'cpg' })).toMatchObject(notFound);
    expect(
      await api.json(`${apiPaths.articleByDoi}?siteId=2&doi=${encodeURIComponent(doi)}`, { sld: 'cpg' }),
    ).toMatchObject(notFound);
    expect(await api.json(`/rc-pub/front/front-article/${cpgArticle}?siteId=1`)).toMatchObject(notFound);
  });

  it('never serves a draft: not by id, DOI, list or download', async () => {
    const draft = await value(
      api.demo.db,
      "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id DESC LIMIT 1",
    );
    const draftDoi = String((await row(api.demo.db, 'SELECT doi FROM articles WHERE id = ?', draft))?.['doi']);
    await run(api.demo.db, "UPDATE articles SET status = 'draft' WHERE id = ?", draft);
    try {
      expect(await api.json(`/rc-pub/front/front-article/${draft}?siteId=1`)).toMatchObject(notFound);
      expect(await api.json(`${apiPaths.articleByDoi}?siteId=1&doi=${encodeURIComponent(draftDoi)}`)).toMatchObject(
        notFound,
      );
      expect(await api.json(`${apiPaths.articleDownload}?siteId=1&id=${draft}`)).toMatchObject(notFound);
      const latest = (await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&size=1000`)).data as {
        content: { id: number }[];
      };
      expect(latest.content.map((item) => item.id)).not.toContain(draft);
    } finally {
      await run(api.demo.db, "UPDATE articles SET status = 'formal' WHERE id = ?", draft);
    }
  });

  it('lists articles by kind, paged; rejects a bad kind, page=-1 and size over the limit', async () => {
    const online = await api.json(`${apiPaths.articleList}?siteId=1&kind=online-first&page=0&size=3`);
    const data = online.data as { content: { status: string }[]; total: number; size: number };
    expect(data.content).toHaveLength(3);
    expect(data.content.every((item) => item.status === 'online-first')).toBe(true);
    expect(await api.json(`${apiPaths.articleList}?siteId=1&page=0&size=3`)).toMatchObject(bad('kind'));
    expect(await api.json(`${apiPaths.articleList}?siteId=1&kind=popular`)).toMatchObject(bad('kind'));
    expect(await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&page=-1`)).toMatchObject(bad('page'));
    expect(await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&size=10000`)).toMatchObject(bad('size'));
    expect(await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&size=0`)).toMatchObject(bad('size'));
    expect(await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&page=x&size=y`)).toMatchObject(
      bad('page, size'),
    );
    const largest = await api.json(`${apiPaths.articleList}?siteId=1&kind=latest&size=${API_MAX_PAGE_SIZE}`);
    expect((largest.data as { size: number }).size).toBe(API_MAX_PAGE_SIZE);
  });

  it("gives an issue's table of contents grouped by column, paged", async () => {
    const toc = await api.json(
      `/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${period}?siteId=1&page=0&size=10`,
    );
    const data = toc.data as { columns: { articles: unknown[] }[]; total: number; page: number };
    expect(toc.status).toBe(0);
    expect(data.columns.flatMap((column) => column.articles)).toHaveLength(10);
    expect(data.total).toBeGreaterThan(10);
    expect(
      await api.json(`/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/abc?siteId=1`),
    ).toMatchObject(bad('periodId'));
    expect(
      await api.json(`/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${period}?siteId=1&page=-1`),
    ).toMatchObject(bad('page'));
    expect(
      await api.json(`/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${period}?siteId=2`, {
        sld: 'cpg',
      }),
    ).toMatchObject(notFound);
  });
});

describe('periods and journals', () => {
  it('gives the tree newest first, flat on groupByYear=false, and rejects bad flags', async () => {
    const tree = await api.json(`${apiPaths.periodTree}?siteId=1`);
    const years = (tree.data as { year: number }[]).map((entry) => entry.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const flat = await api.json(`${apiPaths.periodTree}?siteId=1&groupByYear=false&periodAsc=true`);
    const periods = flat.data as { year: number; issue: number }[];
    expect(periods[0]?.year).toBe(Math.min(...years));
    expect(await api.json(`${apiPaths.periodTree}?siteId=1&isBack=maybe`)).toMatchObject(bad('isBack'));
    expect(await api.json(`${apiPaths.periodTree}?siteId=1&publicationId=x`)).toMatchObject(bad('publicationId'));
  });

  it('finds the first two periods and an issue by year and number', async () => {
    const publication = await value(api.demo.db, 'SELECT publication_id FROM periods WHERE id = ?', period);
    const two = await api.json(`${apiPaths.firstTwoPeriods}?siteId=1&publicationIndexId=${publication}`);
    expect(two.data).toHaveLength(2);
    expect(await api.json(`${apiPaths.firstTwoPeriods}?siteId=1`)).toMatchObject(bad('publicationIndexId'));
    const issue = await row(api.demo.db, 'SELECT year, issue FROM periods WHERE id = ?', period);
    const found = await api.json(`${apiPaths.periodFind}?siteId=1&year=${issue?.['year']}&issue=${issue?.['issue']}`);
    expect(found.data).toMatchObject({ id: period });
    expect(await api.json(`${apiPaths.periodFind}?siteId=1&year=1901&issue=1`)).toMatchObject(notFound);
    expect(await api.json(`${apiPaths.periodFind}?siteId=1&year=abc&issue=1`)).toMatchObject(bad('year'));
  });

  it('lists journals and finds one only on its own site', async () => {
    const list = await api.json(`${apiPaths.publicationList}?siteId=2`, { sld: 'cpg' });
    expect((list.data as unknown[]).length).toBeGreaterThanOrEqual(1);
    const jmstJournal = await value(api.demo.db, 'SELECT id FROM publications WHERE site_id = 1 LIMIT 1');
    expect((await api.json(`/rc-pub/front/publication/${jmstJournal}?siteId=1`)).status).toBe(0);
    expect(await api.json(`/rc-pub/front/publication/${jmstJournal}?siteId=2`, { sld: 'cpg' })).toMatchObject(notFound);
    expect(await api.json('/rc-pub/front/publication/x?siteId=1')).toMatchObject(bad('id'));
  });
});

describe('configs and channels', () => {
  it('gives header, footer (with visits), publication config and tools', async () => {
    expect((await api.json(`${apiPaths.headerConfig}?siteId=1`)).data).toMatchObject({ navStyle: 1 });
    expect((await api.json(`${apiPaths.headerConfig}?siteId=5`, { sld: 'gzxb' })).data).toMatchObject({ navStyle: 5 });
    const footer = (await api.json(`${apiPaths.footerConfig}?siteId=1`)).data as {
      sumVisits: number;
      copyright: string;
    };
    expect(footer.sumVisits).toBeGreaterThan(0);
    expect(footer.copyright).toBeTruthy();
    expect((await api.json(`${apiPaths.publicationConfig}?siteId=1`)).data).toMatchObject({
      tocPageSize: expect.any(Number),
    });
    expect(((await api.json(`${apiPaths.toolList}?siteId=1`)).data as unknown[]).length).toBeGreaterThan(0);
  });

  it('gives the channel tree, a channel by id or code, and the home modules', async () => {
    const tree = (await api.json(`${apiPaths.channelList}?siteId=1&filter=true`)).data as {
      code: string;
      enable: string;
    }[];
    expect(tree.map((channel) => channel.code)).toContain('index');
    expect(tree.every((channel) => channel.enable === '1')).toBe(true);
    expect((await api.json(`${apiPaths.channelInfo}?siteId=1&channelId=${home}`)).data).toMatchObject({
      id: home,
      code: 'index',
    });
    expect((await api.json(`${apiPaths.channelByCode}?siteId=1&code=news`)).data).toMatchObject({ code: 'news' });
    expect(
      ((await api.json(`${apiPaths.moduleList}?siteId=1&channelId=${home}`)).data as unknown[]).length,
    ).toBeGreaterThan(0);
  });

  it('rejects missing or malformed channel parameters and hides other sites’ channels', async () => {
    expect(await api.json(`${apiPaths.channelInfo}?siteId=1`)).toMatchObject(bad('channelId'));
    expect(await api.json(`${apiPaths.channelByCode}?siteId=1&code=${encodeURIComponent('a b')}`)).toMatchObject(
      bad('code'),
    );
    expect(await api.json(`${apiPaths.channelList}?siteId=1&filter=yes`)).toMatchObject(bad('filter'));
    expect(await api.json(`${apiPaths.channelInfo}?siteId=2&channelId=${home}`, { sld: 'cpg' })).toMatchObject(
      notFound,
    );
  });
});

describe('news, albums and experts', () => {
  it('pages news by tab and gives one item; rejects a bad tab and id', async () => {
    const list = await api.json(`${apiPaths.newsList}?siteId=1&type=statement&page=0&size=4`);
    const data = list.data as { content: { type: string }[]; total: number };
    expect(data.content).toHaveLength(4);
    expect(data.content.every((item) => item.type === 'statement')).toBe(true);
    expect((await api.json(`/rc-pub/front/front-news/${news}?siteId=1`)).data).toMatchObject({ id: news });
    expect(await api.json(`/rc-pub/front/front-news/${news}?siteId=2`, { sld: 'cpg' })).toMatchObject(notFound);
    expect(await api.json(`${apiPaths.newsList}?siteId=1&type=gossip`)).toMatchObject(bad('type'));
    expect(await api.json('/rc-pub/front/front-news/xyz?siteId=1')).toMatchObject(bad('id'));
    const top = await api.json(`${apiPaths.topNews}?siteId=1&newsDataType=news`);
    expect((top.data as { isTop: number }[]).every((item) => item.isTop === 1)).toBe(true);
  });

  it('lists albums and gives one with items', async () => {
    expect(((await api.json(`${apiPaths.albumList}?siteId=1`)).data as unknown[]).length).toBeGreaterThan(0);
    const detail = (await api.json(`/rc-pub/front/album/${album}?siteId=1`)).data as { items: unknown[] };
    expect(detail.items.length).toBeGreaterThan(0);
    expect(await api.json(`/rc-pub/front/album/${album}?siteId=2`, { sld: 'cpg' })).toMatchObject(notFound);
    expect(await api.json(`${apiPaths.albumList}?siteId=1&channelId=-3`)).toMatchObject(bad('channelId'));
  });

  it('gives experts as data[0].content, ten by default, and rejects bad paging', async () => {
    const list = await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}&page=0&size=10&sort=`);
    const pages = list.data as { content: { id: number }[]; total: number; page: number; size: number }[];
    expect(pages).toHaveLength(1);
    expect(pages[0]?.content).toHaveLength(10);
    expect(typeof pages[0]?.content[0]?.id).toBe('number');
    const byDefault = (await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}`)).data as { size: number }[];
    expect(byDefault[0]?.size).toBe(10);
    expect(await api.json(`${apiPaths.expertList}?siteId=1`)).toMatchObject(bad('topicId'));
    expect(await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}&size=10000`)).toMatchObject(bad('size'));
    expect(await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}&page=-1`)).toMatchObject(bad('page'));
    expect(await api.json(`${apiPaths.expertList}?siteId=2&topicId=${topic}`, { sld: 'cpg' })).toMatchObject(notFound);
    expect((await api.json(`/rc-pub/front/experts/topic/${topic}?siteId=1`)).data).toMatchObject({ id: topic });
  });
});

describe('expert list order', () => {
  it('honours sort: editorial by default, by name or English name in either direction; refuses other values', async () => {
    const topic = await value(
      api.demo.db,
      'SELECT topic_id AS id FROM experts WHERE site_id = 1 GROUP BY topic_id ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const names = async (sort: string, field: 'name' | 'enName') => {
      const answer = await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}&page=0&size=50&sort=${sort}`);
      expect(answer.status, answer.message).toBe(0);
      return (answer.data as [{ content: Record<string, string>[] }])[0].content.map((expert) => expert[field] ?? '');
    };
    const editorial = (
      await rows(api.demo.db, 'SELECT name FROM experts WHERE topic_id = ? ORDER BY sort_order, id', topic)
    ).map((expert) => String(expert['name']));
    expect(await names('', 'name')).toEqual(editorial);
    const byName = await names('name', 'name');
    expect(byName).toEqual([...byName].sort());
    expect(byName).not.toEqual(editorial);
    const byEnNameDesc = await names('enName,desc', 'enName');
    expect(byEnNameDesc).toEqual([...byEnNameDesc].sort().reverse());
    const bad = await api.json(`${apiPaths.expertList}?siteId=1&topicId=${topic}&sort=password`);
    expect(bad.status).toBe(400);
  });
});
