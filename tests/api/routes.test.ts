/**
 * Every route of the table answers a good request with status 0 and data matching the schema the
 * OpenAPI document publishes for it; the document lists every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { one } from '../../src/server/store/sql.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let examples: Record<string, { url: string; method?: string; body?: unknown; token?: boolean }>;

beforeAll(() => {
  api = createApiFixture({ renderPdf: async () => new TextEncoder().encode('%PDF-1.4 test') });
  const db = api.demo.db;
  const id = (sql: string) => Number(one(db, sql)?.['id']);
  const period = id("SELECT period_id AS id FROM articles WHERE site_id = 1 AND status = 'formal' GROUP BY period_id ORDER BY COUNT(*) DESC LIMIT 1");
  const article = id("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1");
  const doi = String(one(db, 'SELECT doi FROM articles WHERE id = ?', article)?.['doi']);
  const publication = id('SELECT id FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1');
  const home = id("SELECT id FROM channels WHERE site_id = 1 AND code = 'index'");
  const news = id('SELECT id FROM news WHERE site_id = 1 ORDER BY id LIMIT 1');
  const album = id('SELECT id FROM albums WHERE site_id = 1 ORDER BY id LIMIT 1');
  const picture = id("SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1");
  const topic = id('SELECT id FROM editorial_topics WHERE site_id = 1 ORDER BY id LIMIT 1');
  const file = id('SELECT id FROM files WHERE site_id = 1 ORDER BY id LIMIT 1');
  const year = Number(one(db, 'SELECT year, issue FROM periods WHERE id = ?', period)?.['year']);
  const issue = Number(one(db, 'SELECT issue FROM periods WHERE id = ?', period)?.['issue']);
  examples = {
    [apiPaths.findBySld]: { url: `${apiPaths.findBySld}?sld=jmst` },
    [apiPaths.findBySiteId]: { url: `${apiPaths.findBySiteId}?siteId=1` },
    [apiPaths.findByDomain]: { url: `${apiPaths.findByDomain}?domain=www.jmst-demo.org` },
    [apiPaths.findGroupBySiteId]: { url: `${apiPaths.findGroupBySiteId}?siteId=2` },
    [apiPaths.siteShell]: { url: `${apiPaths.siteShell}?siteId=1` },
    [apiPaths.basicInfo]: { url: `${apiPaths.basicInfo}?siteId=1` },
    [apiPaths.siteVisits]: { url: `${apiPaths.siteVisits}?siteId=1` },
    [apiPaths.searchConfig]: { url: '/rc-pub/front/site/1/search-config' },
    [apiPaths.searchConditions]: { url: '/rc-pub/front/site/1/search-conditions?type=publication' },
    [apiPaths.searchAnalyze]: { url: `${apiPaths.searchAnalyze}?q=${encodeURIComponent('材料疲劳')}&type=article` },
    [apiPaths.headerConfig]: { url: `${apiPaths.headerConfig}?siteId=1` },
    [apiPaths.footerConfig]: { url: `${apiPaths.footerConfig}?siteId=1` },
    [apiPaths.publicationConfig]: { url: `${apiPaths.publicationConfig}?siteId=1` },
    [apiPaths.toolList]: { url: `${apiPaths.toolList}?siteId=1` },
    [apiPaths.channelList]: { url: `${apiPaths.channelList}?siteId=1&filter=true` },
    [apiPaths.channelInfo]: { url: `${apiPaths.channelInfo}?siteId=1&channelId=${home}` },
    [apiPaths.channelByCode]: { url: `${apiPaths.channelByCode}?siteId=1&code=news` },
    [apiPaths.moduleList]: { url: `${apiPaths.moduleList}?siteId=1&channelId=${home}` },
    [apiPaths.publicationList]: { url: `${apiPaths.publicationList}?siteId=1` },
    [apiPaths.publication]: { url: `/rc-pub/front/publication/${publication}?siteId=1` },
    [apiPaths.periodTree]: { url: `${apiPaths.periodTree}?siteId=1&isBack=true&groupByYear=true&periodAsc=false&publicationId=${publication}` },
    [apiPaths.firstTwoPeriods]: { url: `${apiPaths.firstTwoPeriods}?siteId=1&publicationIndexId=${publication}` },
    [apiPaths.periodFind]: { url: `${apiPaths.periodFind}?siteId=1&year=${year}&issue=${issue}` },
    [apiPaths.issueToc]: { url: `/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${period}?siteId=1&page=0&size=10` },
    [apiPaths.articleList]: { url: `${apiPaths.articleList}?siteId=1&kind=just-accepted&page=0&size=5` },
    [apiPaths.articleByDoi]: { url: `${apiPaths.articleByDoi}?siteId=1&doi=${encodeURIComponent(doi)}` },
    [apiPaths.articleDownload]: { url: `${apiPaths.articleDownload}?siteId=1&id=${article}&attachType=pdf` },
    [apiPaths.articleView]: { url: apiPaths.articleView, method: 'POST', body: { id: article } },
    [apiPaths.articleStatistics]: { url: `${apiPaths.articleStatistics}?siteId=1&id=${article}` },
    [apiPaths.article]: { url: `/rc-pub/front/front-article/${article}?siteId=1` },
    [apiPaths.batchPublicizeInfo]: { url: `${apiPaths.batchPublicizeInfo}?siteId=1&ids=${article}` },
    [apiPaths.downloadCitation]: { url: `${apiPaths.downloadCitation}?siteId=1&ids=${article}&citationType=BibTeX&language=en` },
    [apiPaths.ranking]: { url: `${apiPaths.ranking}?siteId=1&type=read&period=1y&size=5` },
    [apiPaths.topNews]: { url: `${apiPaths.topNews}?siteId=1&newsDataType=news` },
    [apiPaths.newsList]: { url: `${apiPaths.newsList}?siteId=1&type=information&page=1&size=3` },
    [apiPaths.news]: { url: `/rc-pub/front/front-news/${news}?siteId=1` },
    [apiPaths.albumList]: { url: `${apiPaths.albumList}?siteId=1` },
    [apiPaths.resource]: { url: `/rc-pub/front/resource/picture/${picture}?siteId=1` },
    [apiPaths.album]: { url: `/rc-pub/front/album/${album}?siteId=1` },
    [apiPaths.expertTopics]: { url: `${apiPaths.expertTopics}?siteId=1` },
    [apiPaths.expertTopic]: { url: `/rc-pub/front/experts/topic/${topic}?siteId=1` },
    [apiPaths.expertList]: { url: `${apiPaths.expertList}?siteId=1&topicId=${topic}&page=0&size=10&sort=` },
    [apiPaths.fileGet]: { url: `${apiPaths.fileGet}?id=${file}` },
    [apiPaths.rss]: { url: `${apiPaths.rss}?siteId=1&periodId=${period}` },
    [apiPaths.memberInfo]: { url: `${apiPaths.memberInfo}?siteId=1`, token: true },
    [apiPaths.memberCollects]: { url: `${apiPaths.memberCollects}?siteId=1&page=0&size=10`, token: true },
    [apiPaths.memberCollect]: { url: `${apiPaths.memberCollect}?siteId=1`, method: 'POST', body: { type: 'article', id: article }, token: true },
    [apiPaths.logout]: { url: `${apiPaths.logout}?siteId=1`, method: 'DELETE', token: true },
  };
});

afterAll(() => api.cleanup());

describe('the route table', () => {
  it('has a good example for every route, and every example answers with data of the published shape', async () => {
    expect(api.routes.map((route) => route.path).sort()).toEqual(Object.keys(examples).sort());
    for (const route of api.routes) {
      const example = examples[route.path];
      if (!example) continue;
      const headers: Record<string, string> = { timestamps: String(Date.now()) };
      if (example.token) headers['token'] = api.login(1);
      const response = await api.call(`${example.url}&timestamps=${Date.now()}`.replace(/^([^?]*)&/, '$1?'), {
        method: example.method ?? 'GET',
        headers,
        body: example.body,
      });
      expect(response.status, route.path).toBe(200);
      if (route.raw) {
        expect(response.headers.get('content-type'), route.path).not.toContain('json');
        continue;
      }
      const body = (await response.json()) as { status: number; message: string; data: unknown };
      expect(body.status, `${route.path}: ${body.message}`).toBe(0);
      expect(typeof body.message).toBe('string');
      const parsed = route.response.safeParse(body.data);
      expect(parsed.success, `${route.path}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('is published at /rc-pub/openapi.json as OpenAPI 3.1 with every path and its schemas', async () => {
    const response = await api.call(apiPaths.openapi);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of api.routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method], path).toBeDefined();
    }
    const detail = doc.paths['/rc-pub/front/front-article/{id}']?.['get'];
    expect(detail?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const experts = doc.paths['/rc-pub/front/experts/list']?.['get'];
    expect(experts?.parameters).toContainEqual(expect.objectContaining({ name: 'topicId', in: 'query', required: true }));
    expect(experts?.parameters).toContainEqual(expect.objectContaining({ name: 'page', in: 'query', required: false }));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Site', 'SiteShell', 'ArticleDetail', 'Channel', 'IssueToc']));
    // every $ref points at a component that exists
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref ?? '');
  });
});
