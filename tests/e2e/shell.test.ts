/**
 * The page shell in Debian Chromium: every demo site in both languages (nav style, footer, axe), the
 * More menu, the side menu, the search box rules, language switch, fixed header, back-to-top, login
 * state, top banner, basket badge and gray mode. Screenshots of each nav style at 1366 and 390 px
 * are taken on every run and written to tests/e2e/__screenshots__/ with UPDATE_SCREENSHOTS=1
 * (to a temporary folder otherwise, so a test run leaves the committed ones alone).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate } from 'html-validate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { THEME_PRESETS } from '../../src/lib/theme.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const UPDATE_SHOTS = process.env['UPDATE_SCREENSHOTS'] === '1';
const SHOTS = UPDATE_SHOTS
  ? join(dirname(fileURLToPath(import.meta.url)), '__screenshots__')
  : mkdtempSync(join(tmpdir(), 'shots-'));

/** the screenshots' viewport height */
const SHOT_HEIGHT = 720;

const SITES = [
  { sld: 'jmst', navStyle: 1, colour: 1 },
  { sld: 'cpg', navStyle: 2, colour: 5 },
  { sld: 'scholar', navStyle: 3, colour: 0 },
  { sld: 'emf', navStyle: 4, colour: 8 },
  { sld: 'gzxb', navStyle: 5, colour: 3 },
  { sld: 'hxyj', navStyle: 6, colour: 11 },
] as const;

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  portal = await startPortal({ articles: 60 });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
}, 120_000);

afterAll(async () => {
  if (!UPDATE_SHOTS) rmSync(SHOTS, { recursive: true, force: true });
  await context?.close();
  await browser?.close();
  await portal?.close();
});

/** Opens a page and waits until the islands have hydrated (no astro-island still marked ssr; client:visible ones wait for the viewport). */
async function open(path: string, sld: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(portal.origin(sld) + path, { waitUntil: 'load' });
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0,
    null,
    { timeout: 10_000 },
  );
  return page;
}

function rgbOf(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** html-validate (standard preset) errors of the page as the server sends it. */
async function htmlErrors(sld: string, path: string): Promise<string[]> {
  const res = await portal.request(sld, path);
  const report = await validator.validateString(res.body, `${sld}${path}`);
  return report.results
    .flatMap((result) => result.messages)
    .filter((m) => m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`);
}

/** the shell's own regions, where axe looks */
const SHELL_REGIONS = [
  '.skip-link',
  '.top-banner-slot',
  '#site-header',
  '.breadcrumbs',
  '.site-footer',
  '.floating-tools',
];

/** What only some sites have, checked on the home page their shell test has open (no load of its own). */
const SITE_SPECIFICS: Partial<Record<string, (page: Page, lang: 'zh' | 'en') => Promise<void>>> = {
  // the special header searches only thesis, picture, audio and video
  emf: async (page) => {
    expect(await page.locator('#site-header').getAttribute('class')).toContain('special-layout');
    const types = await page
      .locator('.search-box select[name=type] option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(types.sort()).toEqual(['article', 'audio', 'picture', 'video']);
  },
  gzxb: async (page) => {
    expect(await page.locator('#site-header').getAttribute('class')).toContain('tall-header');
    // gray mode over the whole page
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('grayscale(1)');
  },
  // gray mode over the home area only
  cpg: async (page) => {
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).filter)).toBe('grayscale(1)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');
  },
  // no gray mode
  jmst: async (page) => {
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).filter)).toBe('none');
  },
};

describe('every demo site wears the shell, in zh and en', () => {
  for (const { sld, navStyle, colour } of SITES) {
    it(`${sld}: nav style ${navStyle}, theme ${colour}, menus, footer fields, axe`, async () => {
      const row = portal.db.prepare('SELECT colour, colour1 FROM sites WHERE sld = ?').get(sld) as {
        colour: number;
        colour1: string | null;
      };
      expect(row.colour).toBe(colour);
      const expectedPrimary = colour === 0 ? row.colour1 : THEME_PRESETS[colour]?.primary;
      for (const lang of ['zh', 'en'] as const) {
        const page = await open(`/${lang}/home/`, sld);
        expect(await page.getAttribute('html', 'lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        // the site's theme reaches the page: its preset (or colour1 for colour 0) paints the shell
        const primary = await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--theme-primary').trim(),
        );
        expect(primary).toBe(expectedPrimary);
        expect(await page.locator('.search-submit').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
          rgbOf(primary),
        );
        expect(await page.locator('#site-header').getAttribute('class')).toContain(`nav-style-${navStyle}`);
        // absolute URLs on the site's public origin
        expect(await page.getAttribute('link[rel=canonical]', 'href')).toMatch(
          new RegExp(`^https?://[^/]+/${lang}/home/$`),
        );
        expect(await page.getAttribute('link[hreflang=en]', 'href')).toMatch(/^https?:\/\/[^/]+\/en\/home\/$/);
        expect(await page.getAttribute('link[hreflang=zh]', 'href')).toMatch(/^https?:\/\/[^/]+\/zh\/home\/$/);
        // the menu is real links in the current language
        const home = lang === 'zh' ? '首页' : 'Home';
        const menuLinks = page.locator(navStyle === 3 ? '.side-menu-list a' : '.header-nav .menu a');
        expect(await menuLinks.count()).toBeGreaterThan(3);
        expect(await menuLinks.first().textContent()).toBe(home);
        // footer fields and the advice lines in the page's language
        const footer = page.locator('.site-footer');
        await expect.poll(() => footer.locator('[data-field=copyright]').isVisible()).toBe(true);
        expect(await footer.locator('[data-field=address]').textContent()).toMatch(
          lang === 'zh' ? /^地址: / : /^Address: /,
        );
        for (const field of ['phone', 'email', 'icp', 'browser-advice', 'cookie-advice']) {
          expect(await footer.locator(`[data-field=${field}]`).isVisible(), `${sld} ${lang} footer ${field}`).toBe(
            true,
          );
        }
        const advice = dictionary(lang).shell.footer;
        expect(await footer.textContent()).toContain(advice.browserAdvice);
        expect(await footer.textContent()).toContain(advice.cookieAdvice);
        await SITE_SPECIFICS[sld]?.(page, lang);
        expect(await seriousViolations(page, SHELL_REGIONS), `${sld} ${lang}`).toEqual([]);
        expect(await htmlErrors(sld, `/${lang}/home/`), `${sld} ${lang} html-validate`).toEqual([]);
        // the screenshots of the nav style, wide and then at phone width, on the page already open (a
        // resize lays the page out as a load at that size would: the layout walk measures pages so)
        if (lang === 'zh') {
          for (const width of [1366, 390]) {
            await page.setViewportSize({ width, height: SHOT_HEIGHT });
            await checkScreenshot(page, sld, navStyle, width);
          }
        }
        await page.close();
      }
      // two page loads, two axe runs and two screenshots
    }, 120_000);
  }
});

describe('the axe check', () => {
  it('finds a serious violation in the shell (a picture without alt, a nameless button, low contrast)', async () => {
    const page = await context.newPage();
    // a picture without alt, a button without a name, grey on grey: each serious or critical in axe
    await page.setContent(
      `<html lang="en"><head><title>t</title></head><body><header id="site-header"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><button></button><p style="color:#888;background:#999">low contrast</p></header></body></html>`,
    );
    const found = (await seriousViolations(page, SHELL_REGIONS)).map((line) => line.split(' ')[0]);
    expect(found.sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
    await page.close();
  });
});

describe('menus', () => {
  it('the overflowing menu moves items past 650 px into More, which opens and closes', async () => {
    const page = await open('/zh/home/', 'jmst');
    const more = page.locator('.header-nav .menu-more');
    await expect.poll(() => more.isVisible()).toBe(true);
    const shownWidths = await page
      .locator('.header-nav .menu > li.menu-item:not([hidden])')
      .evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().width));
    const hidden = await page.locator('.header-nav .menu > li.menu-item[hidden]').count();
    expect(hidden).toBeGreaterThan(0);
    expect(shownWidths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(650);
    await more.locator('summary').click();
    const moreLinks = more.locator('.more-list > li:not([hidden]) > a');
    expect(await moreLinks.count()).toBe(hidden);
    await expect.poll(() => moreLinks.first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => moreLinks.first().isVisible()).toBe(false);
    await page.close();
  });

  it('the side menu (style 3) opens, locks scrolling, traps focus and closes on Escape and on the mask', async () => {
    const page = await open('/zh/home/', 'scholar');
    const summary = page.locator('.side-menu > summary');
    expect(await summary.getAttribute('aria-expanded')).toBe('false');
    await summary.click();
    const panel = page.locator('.side-menu-panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await summary.getAttribute('aria-expanded')).toBe('true');
    // it opens at its button: just below it, its near edge in line with the button's
    await panel.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    const button = await summary.boundingBox();
    const box = await panel.boundingBox();
    expect(button && box).toBeTruthy();
    if (button && box) {
      expect(Math.abs(box.y - (button.y + button.height))).toBeLessThanOrEqual(1);
      const alignedLeft = Math.abs(box.x - button.x) <= 1;
      const alignedRight = Math.abs(box.x + box.width - (button.x + button.width)) <= 1;
      expect(alignedLeft || alignedRight).toBe(true);
    }
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // two levels: a submenu under at least one item
    expect(await panel.locator('.side-menu-list ul a').count()).toBeGreaterThan(0);
    // focus stays inside the panel
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('.side-menu-panel')?.contains(document.activeElement)),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    // the scroll lock is lifted by an effect that runs just after the panel closes
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await summary.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.mouse.click(1300, 500);
    await expect.poll(() => panel.isVisible()).toBe(false);
    await page.close();
  });
});

describe('search box', () => {
  it('empty submit toggles the box with a message; 151 characters are cut to 150; Enter opens results in a new page', async () => {
    const page = await open('/zh/home/', 'jmst');
    const box = page.locator('#site-header .search-box');
    expect(await box.getAttribute('data-expanded')).toBe('true');
    await box.locator('.search-submit').click();
    expect(await box.getAttribute('data-expanded')).toBe('false');
    expect(await box.locator('.search-message').textContent()).toBe('请输入检索词。');
    expect(await box.locator('input[name=searchText]').isVisible()).toBe(false);
    await box.locator('.search-submit').click();
    expect(await box.getAttribute('data-expanded')).toBe('true');

    const input = box.locator('input[name=searchText]');
    await input.fill('材'.repeat(151));
    expect([...(await input.inputValue())].length).toBe(150);
    await box.locator('.search-clear').click();
    expect(await input.inputValue()).toBe('');
    expect(await box.locator('.search-clear').count()).toBe(0);

    await input.fill('高温合金');
    const [popup] = await Promise.all([context.waitForEvent('page'), input.press('Enter')]);
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/article');
    expect(url.searchParams.get('searchText')).toBe('高温合金');
    expect(url.searchParams.get('searchType')).toBe('singleSearch');
    expect(url.searchParams.get('index')).toBe('-1');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('datanav') ?? '{}').text)).toBe('高温合金');
    expect(await page.evaluate(() => localStorage.getItem('selectvalue'))).toBe('全部');
    await popup.close();
    await page.close();
  });

  it('changing the type reloads the conditions (journal fields for publications)', async () => {
    const page = await open('/en/home/', 'cpg');
    const box = page.locator('#site-header .search-box');
    // React attaches its handlers to the node when this island's hydration commits (after the island lost `ssr`)
    await page.waitForFunction(() => {
      const select = document.querySelector('#site-header .search-box select[name=type]');
      return select !== null && Object.keys(select).some((key) => key.startsWith('__reactProps'));
    });
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/search-conditions?type=publication')),
      box.locator('select[name=type]').selectOption('publication'),
    ]);
    expect(request.headers()['siteid']).toBe('2');
    expect(request.headers()['language']).toBe('en');
    expect(new URL(request.url()).searchParams.get('timestamps')).toMatch(/^\d+$/);
    await expect.poll(() => box.locator('select[name=field] option').allTextContents()).toContain('ISSN');
    expect(await box.locator('select[name=field]').inputValue()).toBe('');
    await box.locator('input[name=searchText]').fill('materials');
    const [popup] = await Promise.all([context.waitForEvent('page'), box.locator('.search-submit').click()]);
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/searchPublication');
    expect(url.searchParams.get('type')).toBe('publication');
    expect(url.searchParams.get('index')).toBe('0');
    await popup.close();
    await page.close();
  });

  it('the fixed header (isCeiling) appears past the header and cuts the search to 125', async () => {
    const page = await open('/zh/home/', 'jmst');
    const header = page.locator('#site-header');
    expect(await header.getAttribute('class')).not.toContain('is-fixed');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => header.getAttribute('class')).toContain('is-fixed');
    await expect.poll(() => header.locator('input[name=searchText]').getAttribute('maxlength')).toBe('125');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('class')).not.toContain('is-fixed');
    await page.close();
  });
});

describe('language, login, tools, banner, gray mode', () => {
  it('the language switch sets the cookie and goes from /zh to /en', async () => {
    const page = await open('/zh/home/', 'hxyj');
    expect(await page.locator('.lang-switch').getAttribute('href')).toBe('/en/home/');
    await page.locator('.lang-switch').click();
    await page.waitForURL(/\/en\/home\/$/, { timeout: 5000 });
    const cookies = await context.cookies(portal.origin('hxyj'));
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.clearCookies();
    await page.close();
  });

  it('login state follows the user-name cookie (masked), polled every second', async () => {
    const page = await open('/zh/home/', 'jmst');
    const state = page.locator('#site-header .login-state');
    expect(await state.locator('a').first().getAttribute('href')).toBe('/login?lang=zh');
    expect(await state.locator('a').first().getAttribute('target')).toBe('_blank');
    await context.addCookies([{ name: 'userName', value: '13812345678', url: portal.origin('jmst') }]);
    await expect.poll(() => state.locator('button').first().textContent(), { timeout: 3000 }).toBe('138****5678');
    await state.locator('button').first().click();
    expect(await state.locator('a[href="/personal"]').isVisible()).toBe(true);
    await context.addCookies([{ name: 'userName', value: 'undefined', url: portal.origin('jmst') }]);
    await expect.poll(() => state.locator('a').first().getAttribute('href'), { timeout: 3000 }).toBe('/login?lang=zh');
    await context.clearCookies();
    await page.close();
  });

  it('back-to-top appears past 300 px and scrolls to the top', async () => {
    const page = await open('/zh/home/', 'cpg');
    const button = page.locator('.back-to-top');
    expect(await button.isVisible()).toBe(false);
    // the button's scroll handler has run and React has drawn its answer two frames later
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => done())), {
            once: true,
          });
          window.scrollTo(0, 200);
        }),
    );
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(await button.evaluate((b) => getComputedStyle(b).bottom)).toBe('50px');
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await page.close();
  });

  it('the top banner closes and stays closed; the basket badge caps at 99', async () => {
    const page = await context.newPage();
    // the page's timers on a clock the test can move: a minute passes at once
    await page.clock.install();
    await page.goto(`${portal.origin('emf')}/zh/home/`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0,
      null,
      { timeout: 10_000 },
    );
    const banner = page.locator('.top-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    const first = banner.locator('.top-banner-slide').first();
    expect(await first.isVisible()).toBe(true);
    await page.clock.runFor(60_000);
    expect(await first.isVisible()).toBe(true); // no auto-play
    await banner.locator('.top-banner-next').click();
    expect(await first.isVisible()).toBe(false);
    await banner.locator('.top-banner-close').click();
    expect(await banner.count()).toBe(0);
    await page.evaluate(() => {
      const items = Array.from({ length: 120 }, (_, i) => ({
        id: i + 1,
        resName: `t${i}`,
        resString: `c${i}`,
        sortId: i,
      }));
      localStorage.setItem('basketItems', JSON.stringify(items));
    });
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0);
    expect(await page.locator('.top-banner-slot').isVisible()).toBe(false);
    expect(await page.locator('.basket-button .badge').textContent()).toBe('99+');
    await page.close();
  });

  it("the footer shows the visit beacon's answer once the page is idle", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = await context.newPage();
    // between the server render and the beacon, 1000 more visits happen today
    await page.route('**/rc-pub/front/site/visit', async (route) => {
      portal.db
        .prepare(
          'INSERT INTO visit_counters (site_id, day, count) VALUES (1, ?, 1000) ON CONFLICT (site_id, day) DO UPDATE SET count = count + 1000',
        )
        .run(today);
      await route.continue();
    });
    const todayText = page.locator('.site-footer [data-field=today-visits]');
    const count = async () => Number((await todayText.textContent())?.replace(/\D/g, ''));
    const beacon = page.waitForRequest((r) => r.url().endsWith('/rc-pub/front/site/visit'));
    await page.goto(`${portal.origin('jmst')}/zh/home/`, { waitUntil: 'load' });
    const request = await beacon;
    expect(request.method()).toBe('POST');
    expect(request.headers()['siteid']).toBe('1');
    expect(request.headers()['language']).toBe('zh');
    const stored = () =>
      (
        portal.db.prepare('SELECT count FROM visit_counters WHERE site_id = 1 AND day = ?').get(today) as {
          count: number;
        }
      ).count;
    await expect.poll(count).toBeGreaterThanOrEqual(1000);
    expect(await count()).toBe(stored());
    await page.close();
  });

  it('a pop tool (WeChat QR) opens its picture and description, with and without JavaScript', async () => {
    const page = await open('/en/home/', 'jmst');
    const pop = page.locator('.floating-tools details.tool-pop');
    const summary = pop.locator('summary');
    expect(await summary.textContent()).toContain('WeChat');
    const panel = pop.locator('.tool-pop-panel');
    expect(await panel.isVisible()).toBe(false);
    await summary.click();
    await expect.poll(() => panel.locator('img').isVisible()).toBe(true);
    expect(await panel.locator('img').getAttribute('alt')).toBe('WeChat');
    expect(await panel.textContent()).toContain('Scan to follow us');
    expect(await panel.textContent()).not.toContain('扫码关注');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest('details')?.className)).toBe('tool-pop');
    await page.close();
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${portal.origin('jmst')}/zh/home/`);
    await plain.locator('.floating-tools details.tool-pop summary').click();
    await expect.poll(() => plain.locator('.tool-pop-panel img').isVisible()).toBe(true);
    await noJs.close();
  });
});

/**
 * True when the page's own font draws two different Chinese characters differently: without a CJK
 * font both come out as the same missing-glyph box.
 */
function drawsChinese(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const font = `32px ${getComputedStyle(document.body).fontFamily}`;
    const pixels = (text: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 48;
      canvas.height = 48;
      const context2d = canvas.getContext('2d');
      if (!context2d) return '';
      context2d.font = font;
      context2d.fillText(text, 4, 36);
      return Array.from(context2d.getImageData(0, 0, 48, 48).data).join(',');
    };
    const [first, second] = [pixels('期'), pixels('刊')];
    return first !== '' && first !== second;
  });
}

/**
 * A screenshot of the page's viewport with CJK drawn and nothing of the shell scrolling sideways; the
 * side-slider style shows its menu open at phone width.
 */
async function checkScreenshot(page: Page, sld: string, navStyle: number, width: number): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  expect(await drawsChinese(page), `${sld} at ${width} px`).toBe(true);
  // the header fits the viewport: nothing of the shell scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${sld} at ${width} px`).toBeLessThanOrEqual(
    width,
  );
  // the side menu open on the side-slider style shows its two levels
  if (navStyle === 3 && width === 390) {
    await page.locator('.side-menu > summary').click();
    await page
      .locator('.side-menu-panel')
      .evaluate((panel) => Promise.all(panel.getAnimations().map((a) => a.finished)));
    await expect.poll(() => page.locator('.side-menu-panel').isVisible()).toBe(true);
  }
  const shot = await page.screenshot({ path: join(SHOTS, `nav-style-${navStyle}-${sld}-${width}.png`) });
  // a PNG of the whole viewport, not an empty one: a blank page compresses to a few hundred bytes
  expect(shot.subarray(1, 4).toString(), sld).toBe('PNG');
  expect(shot.byteLength, `${sld} at ${width} px`).toBeGreaterThan(10_000);
}
