/**
 * E-mail subscription and feeds in Chromium: subscribe with the code read from the outbox, follow
 * the confirm link, unsubscribe from the link of a mail; the floating RSS button opens /rssList,
 * whose feeds parse, and pages announce their feeds in the head.
 */
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const en = dictionary('en');
let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function lastMailTo(address: string) {
  const [mail] = await outboxMessages(portal.db, { recipient: address, limit: 1 });
  return mail;
}

describe('e-mail subscription', () => {
  it('subscribes with the code from the outbox, confirms from the mail, and unsubscribes from it', async () => {
    const page = await context.newPage();
    await page.goto(`${portal.origin('jmst')}/emailSubscribe?lang=en`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/en/emailSubscribe/');
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="SubscribeForm"]:not([ssr])'));

    const form = page.locator('form.subscribe-form');
    await form.getByLabel(en.subscribe.emailLabel).fill('e2e-reader@example.org');
    await form.getByRole('button', { name: en.subscribe.sendCode }).click();
    await form.getByRole('status').filter({ hasText: en.api.subscribeCodeSent }).waitFor();
    const code = /\b(\d{6})\b/.exec((await lastMailTo('e2e-reader@example.org'))?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await form.getByLabel(en.subscribe.codeLabel).fill(code);
    await form.getByRole('button', { name: en.subscribe.submit, exact: true }).click();
    await form.getByRole('status').filter({ hasText: en.api.subscribeConfirmSent }).waitFor();

    const mail = (await lastMailTo('e2e-reader@example.org'))?.text ?? '';
    const confirmLink = /(http:\/\/\S+\?confirm=[\w-]+)/.exec(mail)?.[1] ?? '';
    const unsubscribeLink = /(http:\/\/\S+\?unsubscribe=[\w-]+)/.exec(mail)?.[1] ?? '';
    expect(confirmLink.startsWith(portal.origin('jmst'))).toBe(true);

    const confirmPage = await context.newPage();
    await confirmPage.goto(confirmLink, { waitUntil: 'load' });
    await confirmPage.waitForFunction(() =>
      document.querySelector('astro-island[component-url*="SubscribeForm"]:not([ssr])'),
    );
    await confirmPage.getByRole('button', { name: en.subscribe.confirmButton }).click();
    await confirmPage
      .locator('.subscribe-form')
      .getByRole('status')
      .filter({ hasText: en.api.subscribeConfirmed })
      .waitFor();
    const verified = portal.db
      .prepare("SELECT verified FROM subscriptions WHERE email = 'e2e-reader@example.org'")
      .get() as { verified: number };
    expect(verified.verified).toBe(1);

    await confirmPage.goto(unsubscribeLink, { waitUntil: 'load' });
    await confirmPage.waitForFunction(() =>
      document.querySelector('astro-island[component-url*="SubscribeForm"]:not([ssr])'),
    );
    await confirmPage.getByRole('button', { name: en.subscribe.unsubscribeButton }).click();
    await confirmPage
      .locator('.subscribe-form')
      .getByRole('status')
      .filter({ hasText: en.api.subscribeUnsubscribed })
      .waitFor();
    expect(
      portal.db.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE email = 'e2e-reader@example.org'").get(),
    ).toEqual({ n: 0 });
    await page.close();
    await confirmPage.close();
  });
});

describe('feeds', () => {
  it("the floating RSS button opens the feeds page in the page's language; /rssList lists feeds that parse in both formats", async () => {
    const page = await context.newPage();
    for (const lang of ['zh', 'en'] as const) {
      await page.goto(`${portal.origin('jmst')}/${lang}/home/`, { waitUntil: 'load' });
      await page.locator('a.tool-rss').click();
      await page.getByRole('heading', { level: 1, name: dictionary(lang).pages.rssListTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${lang}/rssList/`);
      expect(await page.evaluate(() => document.contentType)).toBe('text/html');
    }

    await page.goto(`${portal.origin('jmst')}/rssList?lang=en`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/en/rssList/');
    await page.getByRole('heading', { level: 1, name: en.pages.rssListTitle }).waitFor();
    const links = await page
      .locator('.feed-list a')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ href: a.getAttribute('href') ?? '', type: a.getAttribute('type') })),
      );
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const link of links) {
      const response = await portal.request('jmst', link.href);
      expect(response.status, link.href).toBe(200);
      const feed = link.type === 'application/atom+xml' ? parseAtomFeed(response.body) : parseRssFeed(response.body);
      expect(feed.title, link.href).toBeTruthy();
    }
    await page.close();
  });

  it('pages announce the site feed, and issue pages their own, in the head', async () => {
    const period = portal.db
      .prepare(
        'SELECT id, year, issue FROM periods p WHERE site_id = 1 AND EXISTS (SELECT 1 FROM articles a WHERE a.period_id = p.id) ORDER BY year DESC, issue DESC LIMIT 1',
      )
      .get() as { id: number; year: number; issue: number };
    const page = await context.newPage();
    await page.goto(`${portal.origin('jmst')}/zh/issue/${period.year}/${period.issue}/`, { waitUntil: 'load' });
    const alternates = await page
      .locator('head link[rel="alternate"][type]')
      .evaluateAll((nodes) => nodes.map((n) => ({ type: n.getAttribute('type'), href: n.getAttribute('href') ?? '' })));
    expect(alternates.map((a) => a.type)).toEqual([
      'application/rss+xml',
      'application/atom+xml',
      'application/rss+xml',
      'application/atom+xml',
    ]);
    const issueFeed = alternates.find(
      (a) => a.href.includes(`periodId=${period.id}`) && a.type === 'application/rss+xml',
    );
    const response = await portal.request('jmst', issueFeed?.href ?? '');
    const feed = parseRssFeed(response.body);
    expect(feed.title).toContain(String(period.year));
    expect(feed.items?.length).toBeGreaterThan(0);
    await page.close();
  });
});
