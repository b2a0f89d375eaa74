/** Site lookups, site scoping (Host vs siteId), closed sites, languages, and the error envelope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { createApi } from '../../src/server/api/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;

beforeAll(async () => {
  api = await createApiFixture();
});
afterAll(() => api.cleanup());

describe('site lookups', () => {
  it('finds a site by sld, id and domain', async () => {
    const bySld = await api.json(`${apiPaths.findBySld}?sld=jmst`);
    expect(bySld).toMatchObject({
      http: 200,
      status: 0,
      message: '成功',
      data: { id: 1, sld: 'jmst', domain: 'www.jmst-demo.org' },
    });
    expect((await api.json(`${apiPaths.findBySiteId}?siteId=2`)).data).toMatchObject({ sld: 'cpg' });
    expect((await api.json(`${apiPaths.findByDomain}?domain=WWW.JMST-DEMO.ORG`)).data).toMatchObject({ id: 1 });
  });

  it('answers an unknown sld with a non-zero status and a message in the language asked for', async () => {
    expect(await api.json(`${apiPaths.findBySld}?sld=nosuchsite`)).toMatchObject({
      status: 404,
      message: '站点不存在',
      data: null,
    });
    const en = await api.json(`${apiPaths.findBySld}?sld=nosuchsite`, { headers: { language: 'en' } });
    expect(en).toMatchObject({ http: 200, status: 404, message: 'Site not found' });
  });

  it('answers 10001 for the expired and the forbidden site, with the site so the client can show the notice', async () => {
    const lapsed = await api.json(`${apiPaths.findBySld}?sld=lapsed`);
    expect(lapsed).toMatchObject({ status: 10001, message: '网站已过期或被停用', data: { id: 7, status: 'expired' } });
    const closed = await api.json(`${apiPaths.findBySiteId}?siteId=8`, { headers: { language: 'en' } });
    expect(closed).toMatchObject({
      status: 10001,
      message: 'This website has expired or is disabled',
      data: { sld: 'closed', status: 'forbidden' },
    });
    const shell = await api.json(`${apiPaths.siteShell}?siteId=8`, { sld: 'closed' });
    expect(shell).toMatchObject({ status: 10001, data: { site: { id: 8 } } });
  });

  it('answers 10001 without data on every content call of a closed site', async () => {
    for (const path of [
      apiPaths.headerConfig,
      apiPaths.footerConfig,
      apiPaths.channelList,
      apiPaths.publicationList,
      apiPaths.newsList,
      apiPaths.expertTopics,
    ]) {
      expect(await api.json(`${path}?siteId=7`, { sld: 'lapsed' }), path).toMatchObject({ status: 10001, data: null });
      expect(await api.json(`${path}?siteId=8`, { sld: null }), path).toMatchObject({ status: 10001, data: null });
    }
    expect(await api.json(`${apiPaths.findGroupBySiteId}?siteId=7`)).toMatchObject({ status: 10001 });
  });

  it('lists the journals of a group and the group of a member journal', async () => {
    const group = await api.json(`${apiPaths.findGroupBySiteId}?siteId=2`, { sld: 'cpg' });
    expect(group.status).toBe(0);
    expect((group.data as unknown[]).length).toBeGreaterThanOrEqual(3);
  });

  it('rejects a malformed sld or siteId naming the field', async () => {
    expect(await api.json(`${apiPaths.findBySld}?sld=${encodeURIComponent('a b/c')}`)).toMatchObject({
      status: 400,
      message: '参数错误：sld',
    });
    expect(await api.json(`${apiPaths.findBySld}`, { headers: { language: 'en' } })).toMatchObject({
      status: 400,
      message: 'Invalid parameter: sld',
    });
    expect(await api.json(`${apiPaths.findBySiteId}?siteId=abc`)).toMatchObject({
      status: 400,
      message: '参数错误：siteId',
    });
    expect(await api.json(`${apiPaths.findBySiteId}?siteId=-1`)).toMatchObject({ status: 400 });
  });
});

describe('site scoping', () => {
  it('takes siteId from the query, the siteId header, or else the Host', async () => {
    expect((await api.json(`${apiPaths.headerConfig}?siteId=2`, { sld: null })).status).toBe(0);
    expect((await api.json(apiPaths.basicInfo, { sld: null, headers: { siteId: '2' } })).data).toMatchObject({ id: 2 });
    expect((await api.json(apiPaths.basicInfo, { sld: 'emf' })).data).toMatchObject({ id: 4 });
  });

  it('rejects a call without any site with status 400 naming siteId', async () => {
    expect(await api.json(apiPaths.headerConfig, { sld: null })).toMatchObject({
      status: 400,
      message: '参数错误：siteId',
    });
    expect(await api.json(`${apiPaths.headerConfig}?siteId=x1`, { sld: null })).toMatchObject({
      status: 400,
      message: '参数错误：siteId',
    });
  });

  it('refuses a siteId other than the Host site with 403, except the public lookups', async () => {
    expect(await api.json(`${apiPaths.headerConfig}?siteId=2`, { sld: 'jmst' })).toMatchObject({
      status: 403,
      data: null,
    });
    expect(await api.json('/rc-pub/front/site/2/search-config', { sld: 'jmst' })).toMatchObject({ status: 403 });
    expect(await api.json(apiPaths.basicInfo, { sld: 'jmst', headers: { siteId: '2' } })).toMatchObject({
      status: 403,
    });
    expect((await api.json(`${apiPaths.findBySld}?sld=cpg`, { sld: 'jmst' })).status).toBe(0);
    expect((await api.json(`${apiPaths.findBySiteId}?siteId=2`, { sld: 'jmst' })).status).toBe(0);
    expect((await api.json(`${apiPaths.findGroupBySiteId}?siteId=2`, { sld: 'jmst' })).status).toBe(0);
  });

  it('answers an unknown siteId with 404 siteNotFound', async () => {
    expect(await api.json(`${apiPaths.headerConfig}?siteId=424242`, { sld: null })).toMatchObject({
      status: 404,
      message: '站点不存在',
    });
  });
});

describe('languages of messages', () => {
  const missing = `${apiPaths.findBySld}?sld=nosuchsite`;
  it('follows the language header, else lang, else the language cookie, else zh', async () => {
    expect((await api.json(missing)).message).toBe('站点不存在');
    expect((await api.json(missing, { headers: { language: 'en' } })).message).toBe('Site not found');
    expect((await api.json(`${missing}&lang=en`)).message).toBe('Site not found');
    expect((await api.json(missing, { headers: { cookie: 'a=1; language=en' } })).message).toBe('Site not found');
    expect((await api.json(missing, { headers: { cookie: 'language=en', language: 'zh' } })).message).toBe(
      '站点不存在',
    );
    expect((await api.json(missing, { headers: { language: 'fr' } })).message).toBe('站点不存在');
  });

  it('says success in both languages', async () => {
    expect((await api.json(`${apiPaths.findBySld}?sld=jmst`, { headers: { language: 'en' } })).message).toBe('success');
  });
});

describe('search options', () => {
  it('gives the search types of a site, limited on emf, and the conditions of a type', async () => {
    const emf = await api.json('/rc-pub/front/site/4/search-config', { sld: 'emf' });
    const codes = (emf.data as { code: string }[]).map((entry) => entry.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((code) => ['article', 'picture', 'audio', 'video'].includes(code))).toBe(true);
    const conditions = await api.json('/rc-pub/front/site/1/search-conditions?type=article');
    expect(conditions.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: expect.any(String), enCondition: expect.any(String) })]),
    );
    expect(await api.json('/rc-pub/front/site/1/search-conditions?type=book')).toMatchObject({
      status: 400,
      message: '参数错误：type',
    });
    expect(await api.json('/rc-pub/front/site/abc/search-config', { sld: null })).toMatchObject({
      status: 400,
      message: '参数错误：siteId',
    });
  });

  it('splits a query into words, Chinese included', async () => {
    const analyzed = await api.json(
      `${apiPaths.searchAnalyze}?q=${encodeURIComponent('钙钛矿太阳能电池 Fatigue of alloys')}&type=article`,
    );
    expect(analyzed.status).toBe(0);
    expect(analyzed.data).toEqual(['钙钛矿', '太阳能', '电池', 'Fatigue', 'alloys']);
    expect(await api.json(`${apiPaths.searchAnalyze}?q=`)).toMatchObject({ status: 400, message: '请输入检索词。' });
    expect(await api.json(`${apiPaths.searchAnalyze}?q=${'长'.repeat(151)}`)).toMatchObject({ status: 400 });
    expect(await api.json(`${apiPaths.searchAnalyze}?q=x&type=book`)).toMatchObject({
      status: 400,
      message: '参数错误：type',
    });
  });
});

describe('the envelope on failures', () => {
  it('answers an unknown path under /rc-pub with HTTP 404 and an envelope', async () => {
    const unknown = await api.json('/rc-pub/front/no-such-call?siteId=1', { headers: { language: 'en' } });
    expect(unknown).toMatchObject({ http: 404, status: 404, message: 'No such API path', data: null });
    expect((await api.json('/rc-pub/front/front-article/1', { method: 'PATCH' })).status).toBe(404);
  });

  it('answers a thrown error with status 500 and a generic message, never the stack', async () => {
    const logged: unknown[] = [];
    const source = createLocalSource(api.demo.db);
    const broken = createApi({
      db: api.demo.db,
      source: { ...source, getArticle: async () => Promise.reject(new Error('secret internals at db.ts:42')) },
      log: (_message, error) => logged.push(error),
    });
    const response = await broken.request('/rc-pub/front/front-article/5?siteId=1', { headers: { language: 'en' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 500, message: 'Server error, please try again later', data: null });
    expect(text).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it('rejects a body that is not JSON naming the body', async () => {
    const token = await api.login(1);
    const bad = await api.json(`${apiPaths.memberCollect}?siteId=1`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad).toMatchObject({ status: 400, message: '参数错误：body' });
  });

  it('keeps error envelopes out of caches', async () => {
    const response = await api.call(`${apiPaths.findBySld}?sld=nosuchsite`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(api.errors).toEqual([]);
  });
});
