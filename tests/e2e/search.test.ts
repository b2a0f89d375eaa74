/**
 * Search in Chromium: from the header box in Chinese and in English, and from a keyword link on an
 * article page, landing on a result page (in the page's language) that lists the article; the
 * advanced form adds and removes rows and searches without JavaScript.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let article: { id: number; title: string; enTitle: string; keyword: string };

beforeAll(async () => {
  portal = await startPortal({ articles: 300 });
  browser = await launchBrowser();
  context = await browser.newContext();
  const row = portal.db
    .prepare(
      "SELECT id, title, en_title, keywords FROM articles WHERE site_id = 1 AND status = 'formal' AND language = 'zh' AND title LIKE '%钙钛矿%' ORDER BY id LIMIT 1",
    )
    .get() as { id: number; title: string; en_title: string; keywords: string } | undefined;
  if (!row) throw new Error('the demo data has no 钙钛矿 article on jmst');
  article = { id: row.id, title: row.title, enTitle: row.en_title, keyword: row.keywords.split(';')[0]! };
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function open(path: string, options: { javaScript?: boolean } = {}): Promise<Page> {
  const page =
    options.javaScript === false
      ? await (await browser.newContext({ javaScriptEnabled: false })).newPage()
      : await context.newPage();
  await page.goto(portal.origin('jmst') + path, { waitUntil: 'load' });
  return page;
}

/** Types into the header box and follows the results window it opens. */
async function searchFromHeader(page: Page, text: string): Promise<Page> {
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="SearchBox"]:not([ssr])'));
  const box = page.locator('#site-header .search-box');
  if ((await box.getAttribute('data-expanded')) !== 'true') await box.locator('.search-submit').click();
  await box.locator('input[name=searchText]').fill(text);
  const [results] = await Promise.all([
    context.waitForEvent('page'),
    box.locator('input[name=searchText]').press('Enter'),
  ]);
  await results.waitForLoadState('load');
  return results;
}

const hitLinks = (page: Page) =>
  page.locator('.search-hit__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

describe('search', () => {
  it('from the Chinese header: 钙钛矿 lands on a Chinese result page listing the article, the term highlighted', async () => {
    const home = await open('/zh/home/');
    const results = await searchFromHeader(home, '钙钛矿');
    const url = new URL(results.url());
    expect(url.pathname).toBe('/article');
    expect(url.searchParams.get('lang')).toBe('zh');
    expect(await results.locator('html').getAttribute('lang')).toMatch(/^zh/);
    expect(await results.locator('.search-results__count').textContent()).toMatch(/共找到 \d+ 条结果/);
    await expect.poll(() => results.locator('.search-hit mark').first().textContent()).toBe('钙钛矿');
    // the article is on one of the result pages (newest first keeps it near the top)
    await results.goto(`${results.url()}&size=100`);
    expect(await hitLinks(results)).toContain(`/zh/article/${article.id}/`);
    // an article hit goes into the citation basket from the results
    await results.waitForFunction(() =>
      document.querySelector('astro-island[component-url*="BasketButton"]:not([ssr])'),
    );
    await results.locator('main [data-basket-add]').first().click();
    await expect.poll(() => results.locator('.basket-button .badge').textContent()).toBe('1');
    await results.close();
    await home.close();
  });

  it('from the English header: an English result page, in English', async () => {
    const home = await open('/en/home/');
    const words = article.enTitle.split(' ').slice(0, 3).join(' ');
    const results = await searchFromHeader(home, words);
    const url = new URL(results.url());
    expect(url.searchParams.get('lang')).toBe('en');
    expect(await results.locator('html').getAttribute('lang')).toBe('en');
    expect(await results.locator('h1').textContent()).toContain('Search results');
    await results.goto(`${results.url()}&size=100`);
    expect(await hitLinks(results)).toContain(`/en/article/${article.id}/`);
    await results.close();
    await home.close();
  });

  it('from a keyword link on the article page', async () => {
    const page = await open(`/zh/article/${article.id}/`);
    await page.locator('.keywords a').first().click();
    await page.waitForURL(/\/article\?/u);
    expect(new URL(page.url()).searchParams.get('field')).toBe('keyword');
    await page.goto(`${page.url()}&size=100`);
    expect(await hitLinks(page)).toContain(`/zh/article/${article.id}/`);
    await page.close();
  });

  it('from every author and institution link on the article page, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await open(`/${lang}/article/${article.id}/`);
      const links = await page
        .locator('.article-authors a[rel=nofollow]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) {
        expect(new URL(link, portal.origin('jmst')).searchParams.get('field')).toMatch(/^(author|institution)$/u);
        // the article is on one of the result pages
        let found = false;
        for (let n = 1; n <= 20 && !found; n++) {
          const body = (await portal.request('jmst', `${link}&size=100&page=${n}`)).body;
          found = body.includes(`href="/${lang}/article/${article.id}/"`);
          if (!body.includes('class="search-hit"')) break;
        }
        expect(found, link).toBe(true);
      }
      await page.close();
    }
  });

  it('from the header without JavaScript: a picture search lands on the picture results, each linking to its picture page', async () => {
    const home = await open('/en/home/', { javaScript: false });
    const box = home.locator('#site-header .search-box');
    await box.locator('select[name=type]').selectOption('picture');
    await box.locator('input[name=searchText]').fill('锂离子');
    const [results] = await Promise.all([
      home.context().waitForEvent('page'),
      box.locator('input[name=searchText]').press('Enter'),
    ]);
    await results.waitForLoadState('load');
    const url = new URL(results.url());
    expect(url.pathname).toBe('/textList');
    expect(url.searchParams.get('type')).toBe('picture');
    const links = await hitLinks(results);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/en\/picture\/\d+\/$/u);
    await results.locator('.search-hit__title a').first().click();
    await results.waitForURL(/\/en\/picture\/\d+\/$/u);
    expect(await results.locator('main img').count()).toBeGreaterThan(0);
    await home.context().close();
  });

  it('says so when nothing is found, and answers bad input with a message in the page language', async () => {
    const none = await open('/article?type=article&index=-1&searchType=singleSearch&searchText=zzqqxxyy&lang=en');
    expect(await none.locator('.search-results__none').textContent()).toBe('Your search found no records');
    const bad = await portal.request('jmst', `/article?searchText=${encodeURIComponent('a*b')}&lang=en`);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('The search term cannot contain the characters');
    await none.close();
  });

  it('advanced search without JavaScript: add a row, remove one, search with NOT', async () => {
    const page = await open('/seniorSearch?lang=zh', { javaScript: false });
    expect(await page.locator('#site-header .search-advanced').count()).toBe(0);
    expect(await page.locator('.advanced-row').count()).toBe(3);
    await page.getByRole('button', { name: dictionary('zh').search.advanced.addRow }).click();
    await expect.poll(() => page.locator('.advanced-row').count()).toBe(4);
    await page.getByRole('button', { name: '删除第 4 行' }).click();
    await expect.poll(() => page.locator('.advanced-row').count()).toBe(3);
    await page.locator('input[name=text1]').fill('钙钛矿');
    await page.locator('select[name=op2]').selectOption('NOT');
    await page.locator('select[name=field2]').selectOption('keyword');
    await page.locator('input[name=text2]').fill('石墨烯');
    await page.locator('main .advanced-search__actions button[type=submit]').click();
    await page.waitForURL(/text1=/u);
    const url = new URL(page.url());
    expect(url.searchParams.get('op2')).toBe('NOT');
    expect(await page.locator('.search-hit').count()).toBeGreaterThan(0);
    expect(await page.locator('input[name=text1]').inputValue()).toBe('钙钛矿');
    await page.context().close();
  });

  it('switches a result page and an advanced search to the other language without JavaScript, the search kept', async () => {
    const page = await open(
      `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent('钙钛矿')}&lang=zh`,
      { javaScript: false },
    );
    const alternate = await page.locator('link[rel=alternate][hreflang=en]').getAttribute('href');
    expect(new URL(alternate ?? '').searchParams.get('lang')).toBe('en');
    expect(new URL(alternate ?? '').searchParams.get('searchText')).toBe('钙钛矿');
    await page.locator('#site-header .lang-switch').click();
    await page.waitForURL(/lang=en/u);
    expect(new URL(page.url()).searchParams.get('searchText')).toBe('钙钛矿');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toContain('Search results');
    expect(await page.locator('.search-hit').count()).toBeGreaterThan(0);
    // and back: the Chinese switch of the English page sets lang=zh
    expect(
      new URL(
        (await page.locator('#site-header .lang-switch').getAttribute('href')) ?? '',
        portal.origin('jmst'),
      ).searchParams.get('lang'),
    ).toBe('zh');

    await page.goto(`${portal.origin('jmst')}/seniorSearch?lang=en&field1=title&text1=${encodeURIComponent('钙钛矿')}`);
    await page.locator('#site-header .lang-switch').click();
    await page.waitForURL(/lang=zh/u);
    expect(await page.locator('html').getAttribute('lang')).toMatch(/^zh/);
    expect(await page.locator('input[name=text1]').inputValue()).toBe('钙钛矿');
    expect(await page.locator('.search-hit').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
