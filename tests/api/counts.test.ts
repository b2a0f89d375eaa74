/**
 * The article view beacon: a visit counts one view, a second visit the same day by the same
 * visitor does not, another visitor counts again; the day's row and the article's total move
 * together; other sites' articles are not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { row, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let article: number;
let otherSiteArticle: number;

beforeAll(async () => {
  api = await createApiFixture();
  article = await value(
    api.demo.db,
    "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1",
  );
  otherSiteArticle = await value(api.demo.db, 'SELECT id FROM articles WHERE site_id <> 1 ORDER BY id LIMIT 1');
});
afterAll(() => api.cleanup());

const storedViews = (id: number) => value(api.demo.db, 'SELECT views FROM articles WHERE id = ?', id);
const todaysViews = (id: number) =>
  value(
    api.demo.db,
    'SELECT COALESCE(SUM(views), 0) AS views FROM article_daily_counts WHERE article_id = ? AND day = ?',
    id,
    new Date().toISOString().slice(0, 10),
  );

async function visit(
  id: number,
  cookie?: string,
): Promise<{ status: number; data: { counted: boolean; views: number }; cookie: string }> {
  const response = await api.call(apiPaths.articleView, {
    method: 'POST',
    body: { id },
    headers: cookie ? { cookie } : {},
  });
  const body = (await response.json()) as { status: number; data: { counted: boolean; views: number } };
  const set = response.headers.get('set-cookie') ?? '';
  return { ...body, cookie: cookie ?? set.split(';')[0] ?? '' };
}

describe('article view beacon', () => {
  it('counts one view per visitor, article and day', async () => {
    const before = await storedViews(article);
    const dayBefore = await todaysViews(article);

    const first = await visit(article);
    expect(first.status).toBe(0);
    expect(first.cookie).toMatch(/^visitorId=[0-9a-f-]{36}$/);
    expect(first.data).toEqual({ counted: true, views: before + 1 });
    expect(await storedViews(article)).toBe(before + 1);
    expect(await todaysViews(article)).toBe(dayBefore + 1);

    const again = await visit(article, first.cookie);
    expect(again.data).toEqual({ counted: false, views: before + 1 });
    expect(await storedViews(article)).toBe(before + 1);
    expect(await todaysViews(article)).toBe(dayBefore + 1);

    const someoneElse = await visit(article);
    expect(someoneElse.data).toEqual({ counted: true, views: before + 2 });
  });

  it("does not count another site's article nor bad input", async () => {
    const before = await storedViews(otherSiteArticle);
    expect((await visit(otherSiteArticle)).status).toBe(404);
    expect(await storedViews(otherSiteArticle)).toBe(before);
    const bad = await api.json(apiPaths.articleView, {
      method: 'POST',
      body: { id: 'x' },
      headers: { language: 'en' },
    });
    expect(bad.status).not.toBe(0);
  });
});

describe('site visit beacon', () => {
  type Visit = { status: number; data: { counted: boolean; sumVisits: number; todayVisits: number }; cookie: string };
  const today = () => new Date().toISOString().slice(0, 10);
  const stored = (siteId: number) =>
    value(
      api.demo.db,
      'SELECT COALESCE(SUM(count), 0) AS n FROM visit_counters WHERE site_id = ? AND day = ?',
      siteId,
      today(),
    );
  async function visitSite(headers: Record<string, string> = {}, sld = 'jmst'): Promise<Visit> {
    const response = await api.call(apiPaths.siteVisit, { method: 'POST', body: {}, headers, sld });
    const body = (await response.json()) as Omit<Visit, 'cookie'>;
    const set = response.headers.get('set-cookie') ?? '';
    return { ...body, cookie: headers['cookie'] ?? set.split(';')[0] ?? '' };
  }

  it("counts one visit per visitor, site and day, and answers the footer's totals", async () => {
    const before = await stored(1);
    const first = await visitSite();
    expect(first.status).toBe(0);
    expect(first.cookie).toMatch(/^visitorId=[0-9a-f-]{36}$/);
    expect(first.data).toMatchObject({ counted: true, todayVisits: before + 1 });
    expect(await stored(1)).toBe(before + 1);

    const again = await visitSite({ cookie: first.cookie });
    expect(again.data).toEqual({ ...first.data, counted: false });
    expect(await stored(1)).toBe(before + 1);

    const someoneElse = await visitSite();
    expect(someoneElse.data).toMatchObject({
      counted: true,
      todayVisits: before + 2,
      sumVisits: first.data.sumVisits + 1,
    });
    const totals = (await api.json(`${apiPaths.siteVisits}?siteId=1`)).data;
    expect(totals).toEqual({ sumVisits: someoneElse.data.sumVisits, todayVisits: someoneElse.data.todayVisits });
  });

  it('counts the same visitor again on another site, and never a bot', async () => {
    const first = await visitSite();
    const otherBefore = await stored(2);
    expect(first.data.counted).toBe(true);
    expect((await visitSite({ cookie: first.cookie }, 'cpg')).data.counted).toBe(true);
    expect(await stored(2)).toBe(otherBefore + 1);

    const before = await stored(1);
    const bot = await visitSite({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(bot.data).toMatchObject({ counted: false, todayVisits: before });
    expect(await stored(1)).toBe(before);
  });
});

describe('article statistics', () => {
  it('answers 12 months, oldest first, with the stored counts; a view today adds to the last month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const stats = async () =>
      (await api.json(`${apiPaths.articleStatistics}?siteId=1&id=${article}`)).data as {
        month: string;
        views: number;
        downloads: number;
      }[];
    const before = await stats();
    expect(before).toHaveLength(12);
    expect(before.at(-1)?.month).toBe(month);
    expect(before.map((entry) => entry.month)).toEqual([...before.map((entry) => entry.month)].sort());
    for (const entry of before) {
      const stored = await row(
        api.demo.db,
        'SELECT COALESCE(SUM(views), 0) AS v, COALESCE(SUM(downloads), 0) AS d FROM article_daily_counts WHERE article_id = ? AND substr(day, 1, 7) = ?',
        article,
        entry.month,
      );
      expect([entry.views, entry.downloads]).toEqual([Number(stored?.['v']), Number(stored?.['d'])]);
    }
    await visit(article);
    expect((await stats()).at(-1)?.views).toBe((before.at(-1)?.views ?? 0) + 1);
    const foreign = await api.json(`${apiPaths.articleStatistics}?siteId=1&id=${otherSiteArticle}`);
    expect(foreign.status).toBe(404);
  });
});
