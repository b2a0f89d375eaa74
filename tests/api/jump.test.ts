/**
 * rc-pub's getJumpUrlForNuxt and getJumpUrlForNuxtNews (docs/product-rules.md#banners; they once answered "No such
 * API path"): a banner item's and a news item's jump URL, in the language asked for, scoped to the
 * site: another site's item answers a clear not-found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { row } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
const id = async (sql: string) => Number((await row(api.demo.db, sql))?.['id']);

beforeAll(async () => {
  api = await createApiFixture({ articles: 40 });
});
afterAll(() => api.cleanup());

describe('getJumpUrlForNuxt (a banner item)', () => {
  it("answers the page of this site's article, album or news, in the language asked for", async () => {
    const article = await id('SELECT id FROM articles WHERE site_id = 1 ORDER BY id LIMIT 1');
    const album = await id('SELECT id FROM albums WHERE site_id = 1 ORDER BY id LIMIT 1');
    const news = await id(
      "SELECT id FROM news WHERE site_id = 1 AND original = 1 AND news_data_type <> 'wechat' ORDER BY id LIMIT 1",
    );
    expect(await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${article}&language=en`)).toMatchObject({
      status: 0,
      data: { jumpUrl: `/en/article/${article}/`, external: false },
    });
    expect(
      await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${article}&type=article`, { headers: { language: 'zh' } }),
    ).toMatchObject({ data: { jumpUrl: `/zh/article/${article}/` } });
    expect(await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${album}&type=album&language=zh`)).toMatchObject({
      data: { jumpUrl: `/zh/collections/${album}/`, external: false },
    });
    expect(await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${news}&type=news&language=en`)).toMatchObject({
      data: { jumpUrl: `/en/newsDetails/${news}/`, external: false },
    });
  });

  it("answers another site's item, an unknown one and a bad type with a clear message, in the request's language", async () => {
    const other = await id('SELECT id FROM articles WHERE site_id = 2 ORDER BY id LIMIT 1');
    expect(
      await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${other}&language=en`, { headers: { language: 'en' } }),
    ).toMatchObject({ status: 404, message: 'This site has no such item to open', data: null });
    expect(await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${other}`)).toMatchObject({
      status: 404,
      message: '本站没有这一条目，无法跳转',
    });
    const otherAlbum = await id('SELECT id FROM albums WHERE site_id = 2 ORDER BY id LIMIT 1');
    expect((await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${otherAlbum}&type=album`)).status).toBe(404);
    expect(await api.json(`${apiPaths.jumpUrl}?siteId=1&id=${other}`, { sld: 'cpg' })).toMatchObject({ status: 403 });
    expect(
      await api.json(`${apiPaths.jumpUrl}?siteId=1&id=1&type=link`, { headers: { language: 'en' } }),
    ).toMatchObject({ status: 400, message: 'Invalid parameter: type' });
    expect((await api.json(`${apiPaths.jumpUrl}?siteId=1&id=abc`)).status).toBe(400);
  });
});

describe('getJumpUrlForNuxtNews (a news item)', () => {
  it("answers the news page, or an external item's source link", async () => {
    const own = await id(
      "SELECT id FROM news WHERE site_id = 1 AND original = 1 AND news_data_type <> 'wechat' ORDER BY id LIMIT 1",
    );
    expect(await api.json(`${apiPaths.jumpUrlNews}?siteId=1&id=${own}&language=en`)).toMatchObject({
      status: 0,
      data: { jumpUrl: `/en/newsDetails/${own}/`, external: false },
    });
    const external = await row(
      api.demo.db,
      "SELECT id, source_link FROM news WHERE site_id = 1 AND (original = 2 OR news_data_type = 'wechat') AND source_link LIKE 'http%' ORDER BY id LIMIT 1",
    );
    expect(external).toBeTruthy();
    expect(await api.json(`${apiPaths.jumpUrlNews}?siteId=1&id=${external?.['id']}`)).toMatchObject({
      status: 0,
      data: { jumpUrl: external?.['source_link'], external: true },
    });
  });

  it("answers another site's news with a clear not-found", async () => {
    const other = await id('SELECT id FROM news WHERE site_id = 2 ORDER BY id LIMIT 1');
    expect(
      await api.json(`${apiPaths.jumpUrlNews}?siteId=1&id=${other}`, { headers: { language: 'en' } }),
    ).toMatchObject({ status: 404, message: 'This site has no such item to open' });
  });
});
