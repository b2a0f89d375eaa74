/**
 * Third-party login in Chromium against a fake OAuth 2.0 provider on 127.0.0.1 (OAUTH_PROVIDERS):
 * the login page's provider link goes to the provider and back, an unbound account lands on
 * /accountBinding, binding with the password (the picture code after wrong ones) opens the
 * personal centre, and the next third-party
 * login goes straight in.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../src/lib/constants.ts';
import { maskUserName } from '../../src/lib/mask.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { captchaAnswer } from '../fixtures/captcha-answer.ts';
import { type FakeProvider, providerConfig, startFakeProvider } from '../fixtures/fake-oauth-provider.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const t = dictionary('en');
const a = t.account;
const CLIENT = { clientId: 'e2e-client', clientSecret: 'e2e-secret-0123456789' };

let provider: FakeProvider;
let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  provider = await startFakeProvider(CLIENT);
  const providers = [providerConfig(provider, CLIENT, { name: 'campus', label: 'Campus ID' })];
  portal = await startPortal({ articles: 20, env: { OAUTH_PROVIDERS: JSON.stringify(providers) } });
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await provider?.close();
});

const hydrated = (name: string) =>
  page.waitForFunction((n) => document.querySelector(`astro-island[component-url*="${n}"]:not([ssr])`), name);

async function viaProvider(): Promise<void> {
  await page.goto(`${portal.origin('jmst')}/login?lang=en`);
  await hydrated('ThirdPartyLogins');
  await page.getByRole('link', { name: 'Campus ID' }).click();
}

describe('third-party login in the browser', () => {
  it('sends an unbound account to /accountBinding, binds it with the password and opens the personal centre', async () => {
    await viaProvider();
    await page.waitForURL(/\/accountBinding\?lang=en&provider=campus$/);
    await page.getByText(t.api.userNotBound).waitFor();
    await hydrated('AccountBindingForm');
    expect((await context.cookies()).find((cookie) => cookie.name === 'thirdBindTicket')?.httpOnly).toBe(true);
    await page.getByLabel(a.account).fill('demo');
    // the picture does not spell its answer: the test finds it from the store, by the code's id
    const captchas: Promise<{ captchaId: string; image: string }>[] = [];
    page.on('response', (response) => {
      if (response.url().includes(apiPaths.captcha))
        captchas.push(response.json().then((body: { data: { captchaId: string; image: string } }) => body.data));
    });
    // wrong passwords count as failed logins: after 3 the picture code is asked for, as on the login
    // page; the count is per fixed window, so attempts that straddle a window's end need 3 more
    let asked = false;
    for (let i = 0; i < 2 * LOGIN_FAILURES_BEFORE_CAPTCHA && !asked; i += 1) {
      const refused = page.waitForResponse((response) => response.url().includes(apiPaths.thirdBind));
      await page.getByLabel(a.password, { exact: true }).fill('Wrong2026pass');
      await page.getByRole('button', { name: a.submitBind }).click();
      const body = (await (await refused).json()) as {
        status: number;
        message: string;
        data?: { captchaRequired?: boolean };
      };
      expect(body).toMatchObject({ status: 400, message: t.api.wrongPassword });
      asked = body.data?.captchaRequired === true;
      if (i < LOGIN_FAILURES_BEFORE_CAPTCHA - 1) expect(asked).toBe(false);
    }
    expect(asked).toBe(true);
    const picture = page.getByRole('img', { name: a.captcha });
    await picture.waitFor();
    const src = await picture.getAttribute('src');
    const shown = (await Promise.all(captchas)).find((captcha) => captcha.image === src);
    await page.getByLabel(a.captcha, { exact: true }).fill(await captchaAnswer(portal.db, shown?.captchaId ?? ''));
    await page.getByLabel(a.password, { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: a.submitBind }).click();
    await page.waitForURL(/\/personal\?lang=en$/);
    await hydrated('LoginState');
    await expect.poll(() => page.locator('.user-menu > button').textContent()).toBe(maskUserName('demo'));
  });

  it('logs the bound account straight in next time', async () => {
    await context.clearCookies();
    await viaProvider();
    await page.waitForURL(/\/personal\?lang=en$/);
    await hydrated('PersonalCentre');
    expect((await context.cookies()).find((cookie) => cookie.name === 'commonToken')).toBeDefined();
  });

  it('says the login failed when the callback is replayed', async () => {
    await context.clearCookies();
    await page.goto(
      `${portal.origin('jmst')}/rc-pub/api/thirdLoginCallback?state=replayed-state-0123456789&code=x&lang=en`,
    );
    await page.waitForURL(/\/accountBinding\?lang=(zh|en)&error=failed$/);
    expect(await page.getByRole('alert').first().textContent()).toMatch(/Third-party login failed|第三方登录失败/);
  });
});
