/**
 * Counts seen by a visitor in Chromium: opening a prebuilt article page counts one view (the
 * ArticleViews island's beacon) and shows it; opening it again the same day counts none; the page
 * does not wait for the beacons (they are sent once the page is idle; held unanswered, the page
 * still loads); the footer's visits count once per visitor, site and day. The ranking page and the
 * home's most-read module show the ranking of the stored counts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKING_KINDS } from '../../src/lib/constants.ts';
import { rankingPeriods } from '../../src/lib/ranking.ts';
import { deferred } from '../fixtures/deferred.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let article: number;

beforeAll(async () => {
  portal = await startPortal({ articles: 60, prebuild: ['jmst'] });
  browser = await launchBrowser();
  const row = portal.db
    .prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY published_date DESC, id LIMIT 1")
    .get() as { id: number };
  article = row.id;
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const storedViews = () =>
  Number((portal.db.prepare('SELECT views FROM articles WHERE id = ?').get(article) as { views: number }).views);

describe('article views', () => {
  it('rise by one after a visit and not after a second visit the same day', async () => {
    expect(existsSync(join(portal.sitesDir, 'jmst', 'en', 'article', String(article), 'index.html'))).toBe(true);
    const before = storedViews();
    const context = await browser.newContext();
    const page = await context.newPage();

    const beacon = page.waitForResponse((response) => response.url().includes('/front-article/view'));
    await page.goto(`${portal.origin('jmst')}/en/article/${article}/`);
    await beacon;
    await expect
      .poll(() =>
        page
          .locator('[data-field="views"]')
          .textContent()
          .then((text) => text?.replace(/,/g, '')),
      )
      .toBe(String(before + 1));
    expect(storedViews()).toBe(before + 1);

    const second = page.waitForResponse((response) => response.url().includes('/front-article/view'));
    await page.reload();
    await second;
    await expect
      .poll(() =>
        page
          .locator('[data-field="views"]')
          .textContent()
          .then((text) => text?.replace(/,/g, '')),
      )
      .toBe(String(before + 1));
    expect(storedViews()).toBe(before + 1);
    await context.close();
  });
});

describe('the beacons', () => {
  it('never delay the page: it loads and shows the article while the view and visit beacons are held', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let answered = false;
    // the beacons get their answers only when the test is done with the page
    const release = deferred();
    const hold = (route: Route) => {
      void release.promise
        .then(() => {
          answered = true;
          return route.continue();
        })
        .catch(() => {
          // the page is gone by then
        });
    };
    await page.route('**/rc-pub/front/front-article/view', hold);
    await page.route('**/rc-pub/front/site/visit', hold);
    const sent = page.waitForRequest((request) => request.url().endsWith('/rc-pub/front/site/visit'));
    // goto's own limit (5 s) is shorter than the hold: a page that waited for a beacon fails here
    await page.goto(`${portal.origin('jmst')}/en/article/${article}/`, { waitUntil: 'load', timeout: 5000 });
    expect(answered).toBe(false);
    const title = String(
      (portal.db.prepare('SELECT en_title FROM articles WHERE id = ?').get(article) as { en_title: string }).en_title,
    );
    expect(await page.locator('main h1').textContent()).toBe(title);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    // the beacon was sent and is still waiting for its answer
    await sent;
    expect(answered).toBe(false);
    release.resolve();
    await context.close();
  });
});

describe('site visits', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const storedToday = () =>
    Number(
      (
        portal.db
          .prepare('SELECT COALESCE(SUM(count), 0) AS n FROM visit_counters WHERE site_id = 1 AND day = ?')
          .get(today()) as { n: number }
      ).n,
    );
  const shownToday = (page: Page) =>
    page
      .locator('.site-footer [data-field="today-visits"]')
      .textContent()
      .then((text) => Number(text?.replace(/\D/g, '')));
  /** Opens `path` (or reloads) and waits for the visit beacon's answer (at most 10 s: a page that sends none is still checked). */
  async function visit(page: Page, path: string | null): Promise<void> {
    const beacon = page
      .waitForResponse((response) => response.url().endsWith('/rc-pub/front/site/visit'), { timeout: 10_000 })
      .catch(() => null);
    await (path === null ? page.reload() : page.goto(`${portal.origin('jmst')}${path}`));
    await beacon;
  }

  it("a first visit raises today's count by one; a reload and another prebuilt page the same day do not; another visitor does", async () => {
    expect(existsSync(join(portal.sitesDir, 'jmst', 'en', 'home', 'index.html'))).toBe(true);
    const before = storedToday();
    const context = await browser.newContext();
    const page = await context.newPage();
    await visit(page, '/en/home/');
    expect(storedToday()).toBe(before + 1);
    await visit(page, null);
    expect(storedToday(), 'after a reload').toBe(before + 1);
    await visit(page, '/zh/ranking/');
    expect(storedToday(), 'after another page').toBe(before + 1);
    // the footer shows the count the beacon answered, not the one of build time
    await expect.poll(() => shownToday(page)).toBe(before + 1);
    await context.close();

    const other = await browser.newContext();
    await visit(await other.newPage(), '/en/home/');
    expect(storedToday()).toBe(before + 2);
    await other.close();
  });
});

describe('article statistics', () => {
  it('draws 12 months of views and downloads as SVG, with the same numbers in a table', async () => {
    // another article than the one visited above: a prebuilt page shows the months as of its build
    const unvisited = (
      portal.db
        .prepare(
          "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY published_date DESC, id LIMIT 1 OFFSET 1",
        )
        .get() as { id: number }
    ).id;
    const page = await portal.request('jmst', `/zh/article/${unvisited}/`);
    // scoped styles mark every element with a data-astro-cid attribute
    const body = page.body.replace(/ data-astro-cid-\w+/g, '');
    const section = body.slice(body.indexOf('<section class="article-stats"'));
    expect(section).toContain('<svg');
    expect(section.slice(0, section.indexOf('</svg>')).match(/<rect /g)).toHaveLength(24);
    const rows = [...section.matchAll(/<tr><th scope="row">(\d{4}-\d{2})<\/th><td>(\d+)<\/td><td>(\d+)<\/td><\/tr>/g)];
    expect(rows).toHaveLength(12);
    const stored = portal.db
      .prepare(
        'SELECT substr(day, 1, 7) AS month, SUM(views) AS views FROM article_daily_counts WHERE article_id = ? GROUP BY month',
      )
      .all(unvisited) as { month: string; views: number }[];
    const byMonth = new Map(stored.map((row) => [row.month, Number(row.views)]));
    for (const row of rows) expect(Number(row[2])).toBe(byMonth.get(row[1] ?? '') ?? 0);
  });
});

describe('ranking page', () => {
  it('switches kind and period with links, lists articles by their counts, and refuses unknown periods', async () => {
    const page = await browser.newPage();
    for (const lang of ['zh', 'en']) {
      const response = await page.goto(`${portal.origin('jmst')}/${lang}/ranking/`);
      expect(response?.status()).toBe(200);
      const periods = await page.locator('nav.ranking-switch').nth(1).locator('a').count();
      expect(periods).toBe(rankingPeriods.length);
      expect(await page.locator('nav.ranking-switch').first().locator('a').count()).toBe(RANKING_KINDS.length);
    }
    await page.goto(`${portal.origin('jmst')}/en/ranking/`);
    await page.locator('nav.ranking-switch').first().getByText('Most downloaded').click();
    await page.locator('nav.ranking-switch').nth(1).getByText('3 years').click();
    expect(new URL(page.url()).search).toBe('?type=download&period=3y');
    expect(await page.locator('nav.ranking-switch a[aria-current="page"]').allTextContents()).toEqual([
      'Most downloaded',
      '3 years',
    ]);
    const counts = (await page.locator('[data-field="ranking-count"]').allTextContents()).map((text) =>
      Number(text.replace(/\D/g, '')),
    );
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await portal.request('jmst', '/en/ranking/?period=9y')).status).toBe(404);
    await page.close();
  });

  it("the home's most-read module starts with the ranking's first article", async () => {
    const ranking = await portal.request('jmst', '/en/ranking/');
    const first = /href="(\/en\/article\/\d+\/)"/.exec(ranking.body)?.[1];
    expect(first).toBeTruthy();
    const home = await portal.request('jmst', '/en/home/');
    const module = home.body.slice(home.body.indexOf('href="/en/ranking/"') - 3000);
    expect(home.body).toContain('href="/en/ranking/"');
    expect(module).toContain(`href="${first}"`);
  });
});
