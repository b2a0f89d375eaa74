/**
 * Production without an SMS sender, in Chromium: the register, quick-login and reset
 * pages ask for an e-mail address and say why, instead of promising a code by SMS that never
 * comes; a mobile number typed anyway gets the server's clear message, and no code is kept.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import type { Lang } from '../../src/lib/lang.ts';
import { otherPages } from '../../src/lib/routes.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 20, env: { NODE_ENV: 'production' } });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe('without an SMS sender in production', () => {
  const pages = ['register', 'quickLogin', 'forgetCode'] as const;
  for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
    const t = dictionary(lang);
    for (const name of pages) {
      it(`${name} (${lang}) asks for an e-mail address and refuses a mobile number clearly`, async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(portal.origin('jmst') + otherPages[name](lang));
        await page.waitForFunction(() =>
          document.querySelector('astro-island[component-url*="AccountForm"]:not([ssr])'),
        );
        expect(await page.getByText(t.account.mobileOrEmail, { exact: true }).count()).toBe(0);
        const account = page.getByLabel(t.account.email, { exact: true });
        expect(await account.getAttribute('type')).toBe('email');
        await page.getByText(t.account.smsOff).waitFor();
        // typed anyway (the field's own check skipped), the code button gets the server's refusal
        await account.evaluate((input) => input.setAttribute('type', 'text'));
        await account.fill('13900000031');
        await page.getByRole('button', { name: t.account.getCode }).click();
        await page.locator('.toast', { hasText: t.api.smsUnavailable }).first().waitFor();
        expect(await page.getByRole('button', { name: t.account.getCode }).isEnabled()).toBe(true);
        expect(await outboxMessages(portal.db, { recipient: '13900000031', limit: 1 })).toEqual([]);
        await context.close();
      });
    }
  }

  it('the personal centre offers no mobile change it cannot confirm, and says why', async () => {
    const t = dictionary('en');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.origin('jmst')}/login?lang=en`);
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="AccountForm"]:not([ssr])'));
    await page.getByLabel(t.account.account).fill(DEMO_USER.userName);
    await page.getByLabel(t.account.password, { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: t.account.submitLogin, exact: true }).click();
    await page.waitForURL(/\/personal\?lang=en$/);
    await page.waitForFunction(() =>
      document.querySelector('astro-island[component-url*="PersonalCentre"]:not([ssr])'),
    );
    await page.getByRole('tab', { name: t.account.tabAccount }).click();
    await page.getByText(t.account.mobileChangeOff).waitFor();
    expect(await page.getByLabel(t.account.newMobile).count()).toBe(0);
    await context.close();
  });
});
