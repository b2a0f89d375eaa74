/**
 * The islands' shared client and page behaviours in Chromium (docs/product-rules.md#api-errors): pages hydrate
 * on React with a clean console; 401, 10001 and other statuses, the loading indicator, offline and
 * online, the chunk-load reload guard, manual scroll restoration and a hash that names nothing.
 * API answers that the demo cannot give (401, 10001, a slow call) come from intercepted requests,
 * to a call the test makes itself (Collect on an article) rather than to the page's idle beacons.
 */
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { LOADING_DELAY_MS, TOKEN_COOKIE, UNAUTHORIZED_REDIRECT_MS, USER_NAME_COOKIE } from '../../src/lib/constants.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
const paths = new Map<string, string[]>();
// a step's own time limit, well inside the test's, so a step that hangs names itself; a page load
// has more (the first on a fresh server loads the app)
const STEP_MS = 15_000;
const PAGE_MS = 30_000;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  for (const [sld, siteId] of [
    ['jmst', 1],
    ['hxyj', 6],
  ] as const) {
    const row = (sql: string) => portal.db.prepare(sql).get(siteId) as Record<string, unknown>;
    const article = row(
      "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' AND en_title IS NOT NULL ORDER BY id LIMIT 1",
    );
    const period = row(
      'SELECT year, issue FROM periods p WHERE site_id = ? AND EXISTS (SELECT 1 FROM articles a WHERE a.period_id = p.id) ORDER BY year DESC, issue DESC LIMIT 1',
    );
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
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
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

/** The demo article the client tests open on jmst. */
function articlePath(lang: 'zh' | 'en'): string {
  const path = paths.get('jmst')?.find((p) => p.startsWith(`/${lang}/article/`));
  if (!path) throw new Error('no article on jmst');
  return path;
}

/** the contexts the current test opened, closed after it */
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((opened) => opened.close()));
});

/**
 * A page in a browser context of its own (no cookie, storage or clock of another test), closed after
 * the test.
 */
async function newPage(): Promise<Page> {
  return (await newContext()).newPage();
}

/** A browser context of the current test's own, closed after it. */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext();
  contexts.push(context);
  return context;
}

/**
 * Opens `url` and waits until the page is quiet: loaded, its islands hydrated (`all`: the
 * client:visible ones too, scrolled into view) and, unless `quiet` is false, no request of its own
 * (the idle beacons) still out, so what the test does next is the only thing going on.
 */
async function openQuiet(page: Page, url: string, { all = false, quiet = true } = {}): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load', timeout: PAGE_MS });
  expect(response?.status(), url).toBe(200);
  if (all) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(
    (visibleToo) =>
      document.querySelectorAll(visibleToo ? 'astro-island[ssr]' : 'astro-island[ssr]:not([client=visible])').length ===
      0,
    all,
    { timeout: STEP_MS },
  );
  if (all) await page.evaluate(() => window.scrollTo(0, 0));
  if (quiet) await page.waitForLoadState('networkidle', { timeout: STEP_MS });
}

describe('React islands hydrate cleanly', () => {
  it('home, issue TOC, article and news pages of two sites in both languages log no error or warning', async () => {
    const problems: string[] = [];
    // one context for the test's 16 pages: its HTTP cache keeps the shared chunks, as a visitor's would
    const visits = await newContext();
    for (const [sld, list] of paths) {
      for (const path of list) {
        const page = await visits.newPage();
        const seen = watchConsole(page);
        // (only watched, not acted on: its beacons may still be out)
        await openQuiet(page, portal.origin(sld) + path, { all: true, quiet: false });
        // React, not Preact: the islands' roots carry React's container key
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll('astro-island')].some((el) =>
              Object.keys(el).some((key) => key.startsWith('__reactContainer')),
            ),
          ),
        ).toBe(true);
        // what the islands' effects log after hydrating is in by the time the page is next idle
        await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
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
    await openQuiet(page, `${portal.origin('jmst')}/zh/home/`, { all: true });
    await expect
      .poll(() => seen.join('\n'), { timeout: 10_000 })
      .toMatch(/Minified React error #418|Hydration failed|hydrat/i);
    await page.close();
  });
});

describe('the shared client (SPEC section 8)', { timeout: 90_000 }, () => {
  type Answer = (route: Route) => Promise<void>;
  const envelope =
    (body: object): Answer =>
    (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  const collectCall = (url: URL) => url.pathname === apiPaths.memberCollect;

  /**
   * Opens an article as a logged-in member and waits until the page has made its own calls; the test
   * then clicks Collect, a call it answers itself with `answer`. The member's own lookups are answered
   * here (the demo has no session behind the cookie), so only the click's answer is under test.
   */
  async function collectWith(page: Page, lang: 'zh' | 'en', answer: Answer): Promise<Locator> {
    const origin = portal.origin('jmst');
    await page.context().addCookies([{ name: USER_NAME_COOKIE, value: 'reader01', url: origin }]);
    await page.route(
      (url) => url.pathname === apiPaths.memberIsCollect,
      envelope({ status: 0, message: 'ok', data: { collected: false } }),
    );
    await page.route(
      (url) => url.pathname === apiPaths.memberAddHistory,
      envelope({ status: 0, message: 'ok', data: null }),
    );
    await page.route(collectCall, answer);
    // (these two start with the page load, so they have its time and a step's)
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === apiPaths.memberIsCollect, {
      timeout: PAGE_MS + STEP_MS,
    });
    // the article's view beacon goes out after the visit beacon: its answer ends the page's own calls
    const counted = page.waitForResponse((response) => new URL(response.url()).pathname === apiPaths.articleView, {
      timeout: PAGE_MS + STEP_MS,
    });
    await page.goto(origin + articlePath(lang), { waitUntil: 'load', timeout: PAGE_MS });
    await Promise.all([asked, counted]);
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0,
      null,
      { timeout: STEP_MS },
    );
    await page.waitForLoadState('networkidle', { timeout: STEP_MS });
    await page.locator('.loading-bar').waitFor({ state: 'hidden', timeout: STEP_MS });
    return page.locator('main .collect-button');
  }

  it('401: clears the login cookies, shows the server message for 2 s and opens the login page about 1.1 s later', async () => {
    const origin = portal.origin('jmst');
    // a context of its own: its clock (below) holds the timers of every page in it
    const held = await browser.newContext();
    await held.addCookies([{ name: TOKEN_COOKIE, value: 'a'.repeat(32), url: origin }]);
    const page = await held.newPage();
    // the page's timers run on a clock the test holds from the click on: on a busy machine the toast
    // would otherwise be gone (the page leaves after 1.1 s) before the test looks for it
    await page.clock.install();
    await page.addInitScript(() => {
      // the Navigation API's navigate event fires inside location.assign, before the page unloads
      // (and for the page's own history.replaceState, which stays on the document)
      const { navigation } = window as unknown as { navigation: EventTarget };
      navigation.addEventListener('navigate', (event) => {
        const { destination } = event as unknown as { destination: { url: string; sameDocument: boolean } };
        if (!destination.sameDocument) (window as unknown as { navigatingTo: string }).navigatingTo = destination.url;
      });
    });
    const navigatingTo = () =>
      page
        .evaluate(() => (window as unknown as { navigatingTo?: string }).navigatingTo ?? null)
        .catch(() => 'the page has already left');
    const collect = await collectWith(
      page,
      'en',
      envelope({ status: 401, message: 'Your session has expired', data: null }),
    );
    await page.clock.pauseAt(Date.now() + 1000);
    await collect.click({ timeout: STEP_MS });
    const toast = page.locator('.toast', { hasText: 'Your session has expired' });
    await toast.waitFor({ timeout: STEP_MS });
    const names = (await held.cookies(origin)).map((cookie) => cookie.name);
    expect(names).not.toContain(USER_NAME_COOKIE);
    expect(names).not.toContain(TOKEN_COOKIE);
    // the toast stays while the page waits; the login page opens at UNAUTHORIZED_REDIRECT_MS, not before
    await page.clock.runFor(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(await navigatingTo()).toBeNull();
    expect(await toast.isVisible()).toBe(true);
    const opened = page.waitForURL((url) => url.pathname === '/login', { timeout: STEP_MS, waitUntil: 'commit' });
    await page.clock.runFor(1);
    await opened;
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await held.close();
  });

  it('10001: opens the forbidden page in the page language', async () => {
    const page = await newPage();
    const collect = await collectWith(
      page,
      'en',
      envelope({ status: 10001, message: 'The site has expired', data: null }),
    );
    // (the demo site is open, so the server then sends the visitor home: the request is what counts)
    const opened = page.waitForRequest((request) => new URL(request.url()).pathname === '/forbiddenPage', {
      timeout: STEP_MS,
    });
    await collect.click({ timeout: STEP_MS });
    expect(new URL((await opened).url()).searchParams.get('lang')).toBe('en');
    await page.close();
  });

  it('another status shows the server message; an answer that is not the envelope shows data fetch failed', async () => {
    const page = await newPage();
    const collect = await collectWith(page, 'zh', envelope({ status: 500, message: '服务器繁忙', data: null }));
    await collect.click({ timeout: STEP_MS });
    await page.locator('.toast-error', { hasText: '服务器繁忙' }).waitFor({ timeout: STEP_MS });
    expect(page.url()).toContain(articlePath('zh'));
    await page.unroute(collectCall);
    await page.route(collectCall, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await collect.click({ timeout: STEP_MS });
    await page
      .locator('.toast-error', { hasText: dictionary('zh').client.getDataErrorMessage })
      .waitFor({ timeout: STEP_MS });
    await page.close();
  });

  it('the loading indicator shows while a slow call runs, and never for a quick one', async () => {
    const ok = { status: 0, message: 'ok', data: null };
    const page = await newPage();
    await rememberLoadingShown(page);
    const bar = page.locator('.loading-bar');
    // the slow answer comes once the indicator shows
    const collect = await collectWith(page, 'zh', async (route) => {
      await bar.waitFor({ state: 'visible', timeout: STEP_MS });
      await envelope(ok)(route);
    });
    // the click goes to the button itself: on a busy machine a late layout shift once moved it from
    // under a pointer click and no call was made (CI); what is under test is the call's indicator
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === apiPaths.memberCollect, {
      timeout: STEP_MS,
    });
    // a failure says whether the page went elsewhere meanwhile (a reload would leave a new page
    // whose indicator never had a call to show: CI saw the indicator stay hidden once)
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await collect.dispatchEvent('click');
    await sent;
    await bar.waitFor({ state: 'visible', timeout: STEP_MS }).catch((error: unknown) => {
      throw new Error(`the indicator stayed hidden; the page navigated to: ${JSON.stringify(navigations)}`, {
        cause: error,
      });
    });
    await bar.waitFor({ state: 'hidden', timeout: STEP_MS });
    expect(await collect.getAttribute('aria-pressed')).toBe('true');

    // a context of its own: its clock holds the timers of every page in it
    const quickContext = await browser.newContext();
    const quick = await quickContext.newPage();
    await rememberLoadingShown(quick);
    // the page's timers run on a clock the test holds while the call runs (a quick call takes no
    // time on it) and then moves on, so an indicator the quick call had set off would show
    await quick.clock.install();
    const quickCollect = await collectWith(quick, 'zh', envelope(ok));
    await quick.clock.pauseAt(Date.now() + 60_000);
    await quick.locator('.loading-bar').waitFor({ state: 'hidden', timeout: STEP_MS });
    await quick.evaluate(() => {
      (window as unknown as { loadingShown: boolean }).loadingShown = false;
    });
    await quickCollect.dispatchEvent('click');
    await expect.poll(() => quickCollect.getAttribute('aria-pressed'), { timeout: STEP_MS }).toBe('true');
    await quick.clock.runFor(LOADING_DELAY_MS * 3);
    expect(await quick.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown ?? false)).toBe(
      false,
    );
    await quickContext.close();
    await page.close();
  });

  it('tells the visitor when the connection drops and when it returns', async () => {
    const page = await newPage();
    await openQuiet(page, `${portal.origin('jmst')}/en/home/`);
    await page.waitForFunction(
      () => document.querySelector('astro-island[component-url*="Toaster"]:not([ssr])'),
      null,
      {
        timeout: STEP_MS,
      },
    );
    await page.context().setOffline(true);
    await page.locator('.toast-error', { hasText: dictionary('en').client.offline }).waitFor({ timeout: STEP_MS });
    await page.context().setOffline(false);
    await page.locator('.toast-success', { hasText: dictionary('en').client.online }).waitFor({ timeout: STEP_MS });
  });
});

describe('page behaviours', () => {
  // (the island is client:idle and Astro retries its import once after 1 s: on a busy machine the
  // idle callback comes late, so the waits below are long; a fresh context shares no state with the
  // tests before)
  it('a chunk that fails to load reloads the page once, not again within a minute', { timeout: 120_000 }, async () => {
    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    const problems = watchConsole(page);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    await page.route('**/_astro/BackToTop.*', (route) => route.abort());
    await page.goto(`${portal.origin('jmst')}/zh/home/`);
    await expect.poll(() => documents, { timeout: 45_000 }).toBe(2);
    // the second load fails the same way; the guard now lets the error through instead of reloading
    await expect.poll(() => problems.join('\n'), { timeout: 45_000 }).toMatch(/BackToTop/);
    // a reload would have asked for the document by the time the network falls quiet
    await page.waitForLoadState('networkidle');
    expect(documents).toBe(2);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('chunkReloadAt')))).toBeGreaterThan(0);
    await fresh.close();
  });

  it('restores the scroll position on back and forward, by hand', async () => {
    const page = await newPage();
    const toc = paths.get('jmst')?.[1] ?? '';
    await openQuiet(page, portal.origin('jmst') + toc);
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
