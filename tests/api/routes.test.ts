/**
 * Every route of the table answers a good request with status 0 and data matching the schema the
 * OpenAPI document publishes for it; the document lists every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { hashToken } from '../../src/server/auth/session.ts';
import { issueVerificationCode } from '../../src/server/mail/verification-codes.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { savePendingSubscription } from '../../src/server/store/subscriptions.ts';
import { SUBSCRIBE_PURPOSE } from '../../src/server/subscriptions/subscribe.ts';
import { row, run } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let examples: Record<string, { url: string; method?: string; body?: unknown; token?: boolean; sld?: string }>;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

beforeAll(async () => {
  api = await createApiFixture({ renderPdf: async () => new TextEncoder().encode('%PDF-1.4 test') });
  const db = api.demo.db;
  const id = async (sql: string) => Number((await row(db, sql))?.['id']);
  const period = await id(
    "SELECT period_id AS id FROM articles WHERE site_id = 1 AND status = 'formal' GROUP BY period_id ORDER BY COUNT(*) DESC, period_id LIMIT 1",
  );
  const article = await id(
    "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1",
  );
  const doi = String((await row(db, 'SELECT doi FROM articles WHERE id = ?', article))?.['doi']);
  const publication = await id('SELECT id FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1');
  const home = await id("SELECT id FROM channels WHERE site_id = 1 AND code = 'index'");
  const news = await id('SELECT id FROM news WHERE site_id = 1 ORDER BY id LIMIT 1');
  const album = await id('SELECT id FROM albums WHERE site_id = 1 ORDER BY id LIMIT 1');
  const picture = await id("SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1");
  const topic = await id('SELECT id FROM editorial_topics WHERE site_id = 1 ORDER BY id LIMIT 1');
  const file = await id('SELECT id FROM files WHERE site_id = 1 ORDER BY id LIMIT 1');
  const year = Number((await row(db, 'SELECT year, issue FROM periods WHERE id = ?', period))?.['year']);
  const issue = Number((await row(db, 'SELECT issue FROM periods WHERE id = ?', period))?.['issue']);
  const now = new Date();
  const issued = await issueVerificationCode(db, {
    purpose: SUBSCRIBE_PURPOSE,
    address: 'routes@example.org',
    ip: '192.0.2.9',
    now,
  });
  const code = issued.ok ? issued.code : '';
  const pending = { siteId: 1, lang: 'en' as const, now: now.toISOString() };
  await savePendingSubscription(db, {
    ...pending,
    email: 'confirm@example.org',
    confirmHash: hashToken('confirm-secret-0123456789'),
    unsubscribeToken: 'unused-secret-0123456789',
  });
  await savePendingSubscription(db, {
    ...pending,
    email: 'leave@example.org',
    confirmHash: hashToken('unused-secret-9876543210'),
    unsubscribeToken: 'leave-secret-0123456789',
  });
  const demoUser = await id("SELECT id FROM users WHERE site_id = 1 AND user_name = 'demo'");
  const albumOf = async (name: string) =>
    Number(
      (
        await row(
          db,
          "INSERT INTO personal_albums (user_id, site_id, name, created_at) VALUES (?, 1, ?, '2026-01-01') RETURNING id",
          demoUser,
          name,
        )
      )?.['id'],
    );
  const ownAlbum = await albumOf('kept');
  await run(db, "INSERT INTO site_configs (site_id, name, value) VALUES (1, 'BOOK_CLOUD_CHECK', 'true')");
  const codeFor = async (purpose: string, address: string) => {
    const issued = await issueVerificationCode(db, { purpose, address, ip: '192.0.2.1', now: new Date() });
    if (!issued.ok) throw new Error('rate limited');
    return issued.code;
  };
  const demoMobile = String(
    (await row(db, "SELECT mobile_no FROM users WHERE site_id = 1 AND user_name = 'demo'"))?.['mobile_no'],
  );
  const doomedAlbum = await albumOf('doomed');
  const memberCode = await codeFor(SUBSCRIBE_PURPOSE, 'member-routes@example.org');
  await savePendingSubscription(db, {
    ...pending,
    email: 'member-leave@example.org',
    confirmHash: hashToken('member-secret-0123456789'),
    unsubscribeToken: 'member-leave-0123456789',
    userId: demoUser,
  });
  const memberSubscription = await id("SELECT id FROM subscriptions WHERE email = 'member-leave@example.org'");
  examples = {
    [apiPaths.findBySld]: { url: `${apiPaths.findBySld}?sld=jmst` },
    [apiPaths.findBySiteId]: { url: `${apiPaths.findBySiteId}?siteId=1` },
    [apiPaths.findByDomain]: { url: `${apiPaths.findByDomain}?domain=www.jmst-demo.org` },
    [apiPaths.findGroupBySiteId]: { url: `${apiPaths.findGroupBySiteId}?siteId=2` },
    [apiPaths.siteShell]: { url: `${apiPaths.siteShell}?siteId=1` },
    [apiPaths.basicInfo]: { url: `${apiPaths.basicInfo}?siteId=1` },
    [apiPaths.siteVisits]: { url: `${apiPaths.siteVisits}?siteId=1` },
    [apiPaths.siteVisit]: { url: apiPaths.siteVisit, method: 'POST', body: {} },
    [apiPaths.searchConfig]: { url: '/rc-pub/front/site/1/search-config' },
    [apiPaths.searchConditions]: { url: '/rc-pub/front/site/1/search-conditions?type=publication' },
    [apiPaths.search]: { url: `${apiPaths.search}?q=${encodeURIComponent('石墨烯')}&sort=date&year=5&siteId=1` },
    [apiPaths.searchClusters]: { url: `${apiPaths.searchClusters}?q=${encodeURIComponent('材料')}&siteId=1` },
    [apiPaths.advancedSearch]: {
      url: `${apiPaths.advancedSearch}?field1=title&text1=${encodeURIComponent('材料')}&op2=NOT&field2=keyword&text2=${encodeURIComponent('石墨烯')}&span=10&siteId=1`,
    },
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
    [apiPaths.periodTree]: {
      url: `${apiPaths.periodTree}?siteId=1&isBack=true&groupByYear=true&periodAsc=false&publicationId=${publication}`,
    },
    [apiPaths.firstTwoPeriods]: { url: `${apiPaths.firstTwoPeriods}?siteId=1&publicationIndexId=${publication}` },
    [apiPaths.periodFind]: { url: `${apiPaths.periodFind}?siteId=1&year=${year}&issue=${issue}` },
    [apiPaths.issueToc]: {
      url: `/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${period}?siteId=1&page=0&size=10`,
    },
    [apiPaths.articleList]: { url: `${apiPaths.articleList}?siteId=1&kind=just-accepted&page=0&size=5` },
    [apiPaths.articleByDoi]: { url: `${apiPaths.articleByDoi}?siteId=1&doi=${encodeURIComponent(doi)}` },
    [apiPaths.articleDownload]: { url: `${apiPaths.articleDownload}?siteId=1&id=${article}&attachType=pdf` },
    [apiPaths.articleView]: { url: apiPaths.articleView, method: 'POST', body: { id: article } },
    [apiPaths.articleStatistics]: { url: `${apiPaths.articleStatistics}?siteId=1&id=${article}` },
    [apiPaths.articleHtml]: { url: `${apiPaths.articleHtml}?siteId=1&id=${article}` },
    [apiPaths.articleReferences]: { url: `${apiPaths.articleReferences}?siteId=1&id=${article}` },
    [apiPaths.articleAttachments]: { url: `${apiPaths.articleAttachments}?siteId=1&id=${article}` },
    [apiPaths.articleRelations]: { url: `${apiPaths.articleRelations}?siteId=1&id=${article}` },
    [apiPaths.resourceStatistics]: { url: `${apiPaths.resourceStatistics}?siteId=1&id=${article}` },
    [apiPaths.article]: { url: `/rc-pub/front/front-article/${article}?siteId=1` },
    [apiPaths.batchPublicizeInfo]: { url: `${apiPaths.batchPublicizeInfo}?siteId=1&ids=${article}` },
    [apiPaths.downloadCitation]: {
      url: `${apiPaths.downloadCitation}?siteId=1&ids=${article}&citationType=BibTeX&language=en`,
    },
    [apiPaths.ranking]: { url: `${apiPaths.ranking}?siteId=1&type=read&period=1y&size=5` },
    [apiPaths.topNews]: { url: `${apiPaths.topNews}?siteId=1&newsDataType=news` },
    [apiPaths.jumpUrl]: { url: `${apiPaths.jumpUrl}?siteId=1&id=${album}&type=album&language=en` },
    [apiPaths.jumpUrlNews]: { url: `${apiPaths.jumpUrlNews}?siteId=1&id=${news}&language=zh` },
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
    [apiPaths.atom]: { url: `${apiPaths.atom}?siteId=1&feed=online-first` },
    [apiPaths.subscriptionCode]: {
      url: `${apiPaths.subscriptionCode}?siteId=1`,
      method: 'POST',
      body: { email: 'reader@example.org' },
    },
    [apiPaths.subscribe]: {
      url: `${apiPaths.subscribe}?siteId=1`,
      method: 'POST',
      body: { email: 'routes@example.org', code },
    },
    [apiPaths.subscriptionConfirm]: {
      url: `${apiPaths.subscriptionConfirm}?siteId=1`,
      method: 'POST',
      body: { token: 'confirm-secret-0123456789' },
    },
    [apiPaths.unsubscribe]: {
      url: `${apiPaths.unsubscribe}?siteId=1`,
      method: 'POST',
      body: { token: 'leave-secret-0123456789' },
    },
    [apiPaths.configByName]: { url: `${apiPaths.configByName}?siteId=1&configName=BOOK_CLOUD_CHECK` },
    [apiPaths.bookJump]: { url: `${apiPaths.bookJump}?siteId=1`, token: true },
    [apiPaths.captcha]: { url: `${apiPaths.captcha}?siteId=1` },
    [apiPaths.isRegistered]: { url: `${apiPaths.isRegistered}?siteId=1&account=demo` },
    [apiPaths.login]: {
      url: `${apiPaths.login}?siteId=1`,
      method: 'POST',
      body: { account: 'demo', password: DEMO_USER.password },
    },
    // changes the password of cpg's member, so the other examples (site 1) keep theirs
    [apiPaths.changePwd]: {
      url: `${apiPaths.changePwd}?siteId=2`,
      method: 'POST',
      body: { oldPassword: DEMO_USER.password, password: 'Fresh2027Pass', confirmPassword: 'Fresh2027Pass' },
      token: true,
      sld: 'cpg',
    },
    [apiPaths.logout]: { url: `${apiPaths.logout}?siteId=1`, method: 'DELETE', token: true },
    [apiPaths.sendReceiverMessage]: {
      url: `${apiPaths.sendReceiverMessage}?siteId=1`,
      method: 'POST',
      body: { account: '13700000001', purpose: 'register' },
    },
    [apiPaths.register]: {
      url: `${apiPaths.register}?siteId=1`,
      method: 'POST',
      body: {
        account: '13700000002',
        code: await codeFor('register:1', '13700000002'),
        password: 'Fresh2027Pass',
        confirmPassword: 'Fresh2027Pass',
        agreement: true,
      },
    },
    [apiPaths.loginByMessage]: {
      url: `${apiPaths.loginByMessage}?siteId=1`,
      method: 'POST',
      body: { account: demoMobile, code: await codeFor('login:1', demoMobile) },
    },
    [apiPaths.changeMobile]: {
      url: `${apiPaths.changeMobile}?siteId=1`,
      method: 'POST',
      body: { mobile: '13700000003', code: await codeFor('mobile:1', '13700000003') },
      token: true,
    },
    // resets the password of the member registered above, so the demo member keeps his
    [apiPaths.setNewPwd]: {
      url: `${apiPaths.setNewPwd}?siteId=1`,
      method: 'POST',
      body: {
        account: '13700000002',
        code: await codeFor('reset:1', '13700000002'),
        password: 'Other2027Pass',
        confirmPassword: 'Other2027Pass',
      },
    },
    [apiPaths.memberInfo]: { url: `${apiPaths.memberInfo}?siteId=1`, token: true },
    [apiPaths.memberSaveInfo]: {
      url: `${apiPaths.memberSaveInfo}?siteId=1`,
      method: 'POST',
      body: form({ name: '演示', gender: 'male' }),
      token: true,
    },
    [apiPaths.memberCollects]: { url: `${apiPaths.memberCollects}?siteId=1&page=0&size=10`, token: true },
    [apiPaths.memberCollect]: {
      url: `${apiPaths.memberCollect}?siteId=1`,
      method: 'POST',
      body: { type: 'article', id: article },
      token: true,
    },
    [apiPaths.memberIsCollect]: { url: `${apiPaths.memberIsCollect}?siteId=1&type=article&id=${article}`, token: true },
    [apiPaths.memberUnCollect]: {
      url: `${apiPaths.memberUnCollect}?siteId=1`,
      method: 'POST',
      body: { type: 'article', id: article },
      token: true,
    },
    [apiPaths.memberDownloads]: { url: `${apiPaths.memberDownloads}?siteId=1&page=0&size=10`, token: true },
    [apiPaths.memberAddHistory]: {
      url: `${apiPaths.memberAddHistory}?siteId=1`,
      method: 'POST',
      body: { type: 'article', id: article },
      token: true,
    },
    [apiPaths.memberHistorys]: { url: `${apiPaths.memberHistorys}?siteId=1&page=0&size=10`, token: true },
    [apiPaths.memberSubscribe]: {
      url: `${apiPaths.memberSubscribe}?siteId=1`,
      method: 'POST',
      body: { email: 'member-routes@example.org', code: memberCode },
      token: true,
    },
    [apiPaths.memberIsSubscribe]: { url: `${apiPaths.memberIsSubscribe}?siteId=1`, token: true },
    [apiPaths.memberSubscribeList]: { url: `${apiPaths.memberSubscribeList}?siteId=1`, token: true },
    [apiPaths.memberUnSubscribe]: {
      url: `${apiPaths.memberUnSubscribe}?siteId=1`,
      method: 'POST',
      body: { id: memberSubscription },
      token: true,
    },
    [apiPaths.thirdLoginProviders]: { url: `${apiPaths.thirdLoginProviders}?siteId=1` },
    [apiPaths.personalAlbumList]: { url: `${apiPaths.personalAlbumList}?siteId=1`, token: true },
    [apiPaths.personalAlbumSave]: {
      url: `${apiPaths.personalAlbumSave}?siteId=1`,
      method: 'POST',
      body: form({ name: '我的专辑', enName: 'Mine' }),
      token: true,
    },
    [apiPaths.personalAlbumEdit]: {
      url: `${apiPaths.personalAlbumEdit}?siteId=1`,
      method: 'POST',
      body: form({ id: String(ownAlbum), name: '改名' }),
      token: true,
    },
    [apiPaths.personalAlbumItems]: {
      url: `${apiPaths.personalAlbumItems}?siteId=1&albumId=${ownAlbum}&type=article`,
      token: true,
    },
    [apiPaths.personalAlbumAdd]: {
      url: `${apiPaths.personalAlbumAdd}?siteId=1`,
      method: 'POST',
      body: { albumId: ownAlbum, type: 'article', id: article },
      token: true,
    },
    [apiPaths.personalAlbumRemove]: {
      url: `${apiPaths.personalAlbumRemove}?siteId=1`,
      method: 'POST',
      body: { albumId: ownAlbum, type: 'article', id: article },
      token: true,
    },
    [apiPaths.personalAlbumDelete]: {
      url: `${apiPaths.personalAlbumDelete}?siteId=1`,
      method: 'POST',
      body: { id: doomedAlbum },
      token: true,
    },
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
      if (example.token) headers['token'] = await api.login(example.sld === 'cpg' ? 2 : 1);
      const response = await api.call(`${example.url}&timestamps=${Date.now()}`.replace(/^([^?]*)&/, '$1?'), {
        sld: example.sld ?? 'jmst',
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
      paths: Record<
        string,
        Record<
          string,
          { parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, unknown> }
        >
      >;
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
    expect(experts?.parameters).toContainEqual(
      expect.objectContaining({ name: 'topicId', in: 'query', required: true }),
    );
    expect(experts?.parameters).toContainEqual(expect.objectContaining({ name: 'page', in: 'query', required: false }));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Site', 'SiteShell', 'ArticleDetail', 'Channel', 'IssueToc']),
    );
    // every $ref points at a component that exists
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref ?? '');
  });
});
