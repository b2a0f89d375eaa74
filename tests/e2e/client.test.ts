/**
 * The islands' shared client and page behaviours in Chromium (docs/product-rules.md#api-errors): pages hydrate
 * on React with a clean console; 401, 10001 and other statuses, the loading indicator, offline and
 * online, the chunk-load reload guard, manual scroll restoration and a hash that names nothing.
 * API answers that the demo cannot give (401, 10001, a slow call) come from intercepted requests.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { TOKEN_COOKIE, UNAUTHORIZED_REDIRECT_MS, USER_NAME_COOKIE } from '../../src/lib/constants.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const VISITS = '**/rc-pub/front/site/visit';
let portal: Portal;
let browser: Browser;
let context: BrowserContext;
const paths = new Map<string, string[]>();

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  context = await browser.newContext();
  for (const [sld, siteId] of [
    ['jmst', 1],
    ['hxyj', 6],
  ] as const) {
    const row = (sql: string) => portal.db.prepare(sql).get(siteId) as Record<string, unknown>;
    const article = row("SELECT id FROM articles WHERE site_id = ? AND status = 'formal' AND en_title IS NOT NULL ORDER BY id LIMIT 1");
    const period = row('SELECT year, issue FROM periods p WHERE site_id = ? AND EXISTS (SELECT 1 FROM articles a WHERE a.period_id = p.id) ORDER BY year DESC, issue DESC LIMIT 1');
    const news = row('SELECT id FROM news WHERE site_id = ? AND original <> 2 ORDER BY id LIMIT 1');
    paths.set(
      sld,
      ['zh', 'en'].flatMap((lang) => [
        `/${lang}/home/`,
        `/${lang}/issue/${String(period['year'])}/${String(period['issue'])}/`,
        `/${lang}/article/${String(article['id'])}/`,
        `/${lang}/newsDetails/${String(news['id'])}/`,
      ]),
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** Console errors and warnings and uncaught errors of a page, as text. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Scrolls through the page so client:visible islands load, then waits until no island waits to hydrate. */
async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Makes the page remember (window.loadingShown) whether the loading indicator was ever shown. */
async function rememberLoadingShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const bar = document.querySelector('.loading-bar');
      if (bar && !bar.hasAttribute('hidden')) (window as unknown as { loadingShown: boolean }).loadingShown = true;
    }).observe(document, { subtree: true, attributes: true, childList: true });
  });
}

async function newPage(): Promise<Page> {
  return context.newPage();
}

describe('React islands hydrate cleanly', () => {
  it('home, issue TOC, article and news pages of two sites in both languages log no error or warning', async () => {
    const problems: string[] = [];
    for (const [sld, list] of paths) {
      for (const path of list) {
        const page = await newPage();
        const seen = watchConsole(page);
        const response = await page.goto(portal.origin(sld) + path, { waitUntil: 'load' });
        expect(response?.status(), `${sld}${path}`).toBe(200);
        await hydrateAll(page);
        // React, not Preact: the islands' roots carry React's container key
        expect(await page.evaluate(() => [...document.querySelectorAll('astro-island')].some((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer'))))).toBe(true);
        await page.waitForTimeout(200);
        problems.push(...seen.map((problem) => `${sld}${path} ${problem}`));
        await page.close();
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('a hydration mismatch reaches the console (so the test above would see one)', async () => {
    const page = await newPage();
    const seen = watchConsole(page);
    // the server's HTML of the language switch says something the island would not render
    const served = await portal.request('jmst', '/zh/home/');
    const html = served.body.replaceAll(/(<a class="lang-switch"[^>]*>)EN/g, '$1XX');
    await page.route('**/zh/home/', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    expect(html).toContain('>XX<');
    await page.goto(`${portal.origin('jmst')}/zh/home/`);
    await hydrateAll(page);
    await expect.poll(() => seen.join('\n'), { timeout: 10_000 }).toMatch(/Minified React error #418|Hydration failed|hydrat/i);
    await page.close();
  });
});

describe('the shared client (SPEC section 8)', () => {
  /** Answers the footer's visit beacon (sent on every page once idle) with `body`, and brings the footer into view. */
  async function callWith(page: Page, path: string, body: object, delayMs = 0): Promise<void> {
    await page.route(VISITS, async (route) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    });
    // the footer's visit beacon goes out on idle by itself; a 10001 answer may already be leaving the page
    await page.goto(portal.origin('jmst') + path, { waitUntil: 'load' });
  }

  it('401: clears the login cookies, shows the server message for 2 s and opens the login page about 1.1 s later', async () => {
    const origin = portal.origin('jmst');
    await context.addCookies([
      { name: USER_NAME_COOKIE, value: 'reader01', url: origin },
      { name: TOKEN_COOKIE, value: 'a'.repeat(32), url: origin },
    ]);
    const page = await newPage();
    await callWith(page, '/en/home/', { status: 401, message: 'Your session has expired', data: null });
    const toast = page.locator('.toast', { hasText: 'Your session has expired' });
    await toast.waitFor();
    const shownAt = Date.now();
    const names = (await context.cookies(origin)).map((cookie) => cookie.name);
    expect(names).not.toContain(USER_NAME_COOKIE);
    expect(names).not.toContain(TOKEN_COOKIE);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(UNAUTHORIZED_REDIRECT_MS - 400);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await page.close();
  });

  it('10001: opens the forbidden page in the page language', async () => {
    const page = await newPage();
    // (the demo site is open, so the server then sends the visitor home: the request is what counts)
    const opened = page.waitForRequest((request) => new URL(request.url()).pathname === '/forbiddenPage', { timeout: 10_000 });
    await callWith(page, '/en/home/', { status: 10001, message: 'The site has expired', data: null });
    expect(new URL((await opened).url()).searchParams.get('lang')).toBe('en');
    await page.close();
  });

  it('another status shows the server message; an answer that is not the envelope shows data fetch failed', async () => {
    const page = await newPage();
    await callWith(page, '/zh/home/', { status: 500, message: '服务器繁忙', data: null });
    await page.locator('.toast-error', { hasText: '服务器繁忙' }).waitFor();
    expect(page.url()).toContain('/zh/home/');
    await page.unroute(VISITS);
    await page.route(VISITS, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await page.reload();
    await page.locator('.site-footer [data-field=today-visits]').scrollIntoViewIfNeeded();
    await page.locator('.toast-error', { hasText: dictionary('zh').client.getDataErrorMessage }).waitFor();
    await page.close();
  });

  it('the loading indicator shows while a slow call runs, and never for a quick one', async () => {
    const page = await newPage();
    await rememberLoadingShown(page);
    await callWith(page, '/zh/home/', { status: 0, message: 'ok', data: { sumVisits: 5, todayVisits: 2 } }, 1500);
    const bar = page.locator('.loading-bar');
    await bar.waitFor({ state: 'visible', timeout: 5000 });
    await bar.waitFor({ state: 'hidden', timeout: 5000 });
    expect(await page.locator('.site-footer [data-field=today-visits]').textContent()).toContain('2');

    const quick = await newPage();
    await rememberLoadingShown(quick);
    await callWith(quick, '/zh/home/', { status: 0, message: 'ok', data: { sumVisits: 5, todayVisits: 2 } });
    await expect.poll(async () => quick.locator('.site-footer [data-field=today-visits]').textContent()).toContain('2');
    await quick.waitForTimeout(500);
    expect(await quick.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown ?? false)).toBe(false);
    await quick.close();
    await page.close();
  });

  it('tells the visitor when the connection drops and when it returns', async () => {
    const offlineContext = await browser.newContext();
    const page = await offlineContext.newPage();
    await page.goto(`${portal.origin('jmst')}/en/home/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="Toaster"]:not([ssr])'));
    await offlineContext.setOffline(true);
    await page.locator('.toast-error', { hasText: dictionary('en').client.offline }).waitFor();
    await offlineContext.setOffline(false);
    await page.locator('.toast-success', { hasText: dictionary('en').client.online }).waitFor();
    await offlineContext.close();
  });
});

describe('page behaviours', () => {
  it('a chunk that fails to load reloads the page once, not again within a minute', async () => {
    const page = await newPage();
    const problems = watchConsole(page);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    await page.route('**/_astro/BackToTop.*', (route) => route.abort());
    await page.goto(`${portal.origin('jmst')}/zh/home/`);
    await expect.poll(() => documents, { timeout: 15_000 }).toBe(2);
    // the second load fails the same way; the guard now lets the error through instead of reloading
    await expect.poll(() => problems.join('\n'), { timeout: 15_000 }).toMatch(/BackToTop/);
    await page.waitForTimeout(1500);
    expect(documents).toBe(2);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('chunkReloadAt')))).toBeGreaterThan(0);
    await page.close();
  });

  it('restores the scroll position on back and forward, by hand', async () => {
    const page = await newPage();
    const toc = paths.get('jmst')?.[1] ?? '';
    await page.goto(portal.origin('jmst') + toc, { waitUntil: 'load' });
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.goto(`${portal.origin('jmst')}/zh/home/`, { waitUntil: 'load' });
    await page.goBack({ waitUntil: 'load' });
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
    await page.close();
  });

  it('a #hash that names no element logs a warning and throws nothing', async () => {
    const page = await newPage();
    const problems = watchConsole(page);
    await page.goto(`${portal.origin('jmst')}/zh/home/#no-such-part`, { waitUntil: 'load' });
    await expect.poll(() => problems.join('\n')).toContain('no-such-part');
    await page.goto(`${portal.origin('jmst')}/zh/home/#%E0%A4%A`, { waitUntil: 'load' });
    await expect.poll(() => problems.length).toBe(2);
    expect(problems.every((problem) => problem.startsWith('warning:'))).toBe(true);
    await page.close();
  });
});
