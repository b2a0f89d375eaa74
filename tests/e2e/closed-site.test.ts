/**
 * A closed site in Chromium (docs/product-rules.md#closed-sites): every page answers 403 with the platform's
 * branded notice in the visitor's language (what happened, the platform's home and contact), its
 * logo and the favicon load, and the API still answers 10001.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitesConfig } from '../../sites.config.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { PLATFORM_COLOUR } from '../../src/lib/theme.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 20 });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

function rgbOf(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('a closed site', () => {
  const cases = [
    {
      sld: 'lapsed',
      path: '/en/home/',
      lang: 'en',
      heading: 'Lapsed Journal has expired',
      text: 'Website Expiration Reminder!',
    },
    { sld: 'lapsed', path: '/zh/article/1/1/', lang: 'zh', heading: '已过期', text: '网站到期提醒' },
    { sld: 'closed', path: '/en/news/', lang: 'en', heading: 'has been disabled', text: 'disabled by the platform' },
    { sld: 'closed', path: '/article/id/1/301', lang: 'zh', heading: '已被停用', text: '已被平台停用' },
  ] as const;

  for (const { sld, path, lang, heading, text } of cases) {
    it(`${sld}${path}: 403, the platform's notice in ${lang}, its pictures load`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const statuses = new Map<string, number>();
      page.on('response', (response) => statuses.set(new URL(response.url()).pathname, response.status()));
      const response = await page.goto(portal.origin(sld) + path);
      expect(response?.status()).toBe(403);
      expect(page.url()).toBe(portal.origin(sld) + path);
      expect(await page.getAttribute('html', 'lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
      expect(await page.locator('h1').textContent()).toContain(heading);
      expect(await page.locator('main').textContent()).toContain(text);
      // the platform's logo (a public file of the site) loaded, in the platform's colour bar
      const logo = page.locator('.platform-bar img');
      await expect
        .poll(() =>
          logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(statuses.get('/favicon.svg')).toBe(200);
      expect(await page.locator('.platform-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe(
        rgbOf(PLATFORM_COLOUR),
      );
      // the way out: the platform's home and its contact
      expect(
        await page.locator('main a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual([sitesConfig.platform.home, `mailto:${sitesConfig.platform.contactEmail}`]);
      // nothing sticks out sideways on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    });
  }

  it('serves the favicon with 200 and the API still answers 10001', async () => {
    const favicon = await portal.request('lapsed', '/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toContain('image/svg+xml');
    const api = await portal.request('lapsed', `${apiPaths.findBySld}?sld=lapsed`, { headers: { language: 'en' } });
    expect(JSON.parse(api.body)).toMatchObject({ status: 10001, data: { sld: 'lapsed', status: 'expired' } });
    const shell = await portal.request('closed', `${apiPaths.siteShell}?siteId=8`);
    expect(JSON.parse(shell.body)).toMatchObject({ status: 10001 });
  });
});
