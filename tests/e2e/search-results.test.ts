/**
 * A result page in Chromium: a year facet value filters like the other facets and shows
 * as a removable filter; counts read in the language's plural; the simple box's OR widens the
 * search and its help line says how.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { countText } from '../../src/i18n/plural.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const en = dictionary('en');
const zh = dictionary('zh');
let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  portal = await startPortal({ articles: 200 });
  browser = await launchBrowser();
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const resultsUrl = (text: string, lang: 'zh' | 'en') =>
  `${portal.origin('jmst')}/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent(text)}&lang=${lang}`;

async function open(text: string, lang: 'zh' | 'en'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(resultsUrl(text, lang), { waitUntil: 'load' });
  return page;
}

const countOf = async (page: Page) =>
  Number(/\d+/.exec((await page.locator('.search-results__count').textContent()) ?? '')?.[0] ?? Number.NaN);

describe('result page', () => {
  it('a year facet value is a link that filters to its count and shows as a removable filter', async () => {
    const page = await open('材料', 'en');
    const before = await countOf(page);
    const years = page
      .locator('.search-results__facets section')
      .filter({ has: page.getByRole('heading', { name: en.search.results.facetNames.year }) });
    const first = years.getByRole('link').first();
    const year = ((await first.textContent()) ?? '').trim();
    expect(year).toMatch(/^\d{4}$/);
    const expected = Number(/\((\d+)\)/.exec((await first.locator('xpath=..').textContent()) ?? '')?.[1]);
    await first.click();
    await page.waitForURL((url) => url.searchParams.get('pubYear') === year);
    expect(await countOf(page)).toBe(expected);
    expect(expected).toBeLessThan(before);

    const remove = page.getByRole('link', { name: `Remove “${year}”` });
    await remove.click();
    await page.waitForURL((url) => !url.searchParams.has('pubYear'));
    expect(await countOf(page)).toBe(before);
    await page.close();
  });

  it('counts read in the plural of the language: "1 record found"', async () => {
    const row = portal.db
      .prepare(
        "SELECT en_title FROM articles WHERE site_id = 1 AND status = 'formal' AND en_title IS NOT NULL ORDER BY id LIMIT 1",
      )
      .get() as { en_title: string };
    const page = await open(`"${row.en_title}"`, 'en');
    expect(await countOf(page)).toBe(1);
    expect(await page.locator('.search-results__count').textContent()).toBe('1 record found');
    const many = await open('materials', 'en');
    const total = await countOf(many);
    expect(total).toBeGreaterThan(1);
    expect(await many.locator('.search-results__count').textContent()).toBe(
      countText('en', en.search.results.count, total),
    );
    expect(await many.locator('.search-results__count').textContent()).toBe(`${total} records found`);
    await many.close();
    await page.close();
  });

  it('OR finds either word on the page, never fewer than one word alone, and the help line says so', async () => {
    const one = await open('材料', 'zh');
    const alone = await countOf(one);
    await one.close();
    const page = await open('材料 OR 界面', 'zh');
    expect(await countOf(page)).toBeGreaterThan(alone);
    expect(await page.locator('.search-results__form input[name="searchText"]').getAttribute('aria-describedby')).toBe(
      'search-operators-hint',
    );
    expect(await page.locator('#search-operators-hint').textContent()).toBe(zh.search.results.operatorsHint);
    await page.close();
  });
});
