/**
 * Counts seen by a visitor in Chromium: opening a prebuilt article page counts one view (the
 * ArticleViews island's beacon) and shows it; opening it again the same day counts none; the page
 * does not wait for the beacon (it is sent once the page is idle).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let article: number;

beforeAll(async () => {
  portal = await startPortal({ articles: 60, prebuild: ['jmst'] });
  browser = await launchBrowser();
  const row = portal.db.prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY published_date DESC, id LIMIT 1").get() as { id: number };
  article = row.id;
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const storedViews = () => Number((portal.db.prepare('SELECT views FROM articles WHERE id = ?').get(article) as { views: number }).views);

describe('article views', () => {
  it('rise by one after a visit and not after a second visit the same day', async () => {
    expect(existsSync(join(portal.sitesDir, 'jmst', 'en', 'article', String(article), 'index.html'))).toBe(true);
    const before = storedViews();
    const context = await browser.newContext();
    const page = await context.newPage();

    const beacon = page.waitForResponse((response) => response.url().includes('/front-article/view'));
    await page.goto(`${portal.origin('jmst')}/en/article/${article}/`);
    await beacon;
    await expect.poll(() => page.locator('[data-field="views"]').textContent().then((text) => text?.replace(/,/g, ''))).toBe(String(before + 1));
    expect(storedViews()).toBe(before + 1);

    const second = page.waitForResponse((response) => response.url().includes('/front-article/view'));
    await page.reload();
    await second;
    await expect.poll(() => page.locator('[data-field="views"]').textContent().then((text) => text?.replace(/,/g, ''))).toBe(String(before + 1));
    expect(storedViews()).toBe(before + 1);
    await context.close();
  });
});
