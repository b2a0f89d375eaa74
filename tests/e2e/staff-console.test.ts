/**
 * The editors' console in Chromium: an editor logs in at /_console/, meets the wrong-password
 * message, sees only their site, reads its publishing status and its audit log (a menu change made
 * through the console's API, with its values before and after), in Chinese and in English, at a
 * laptop's and a tablet's width, with no serious axe violation.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PASSWORD = 'a long editor password';
/** a 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 50 });
  await createStaff(
    portal.db,
    { email: 'ed@example.org', passwordHash: hashPassword(PASSWORD), role: 'editor', sites: ['jmst'] },
    new Date(),
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

type AxeViolation = { id: string; impact: string | null };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

const TEXTS = {
  zh: {
    wrong: '邮箱或密码不正确。',
    login: '登录',
    sites: '我可以管理的网站',
    publishing: '发布状态',
    audit: '操作记录',
    renderAgain: '重新生成此网站',
    menuUpdate: '修改菜单项',
    newsCreate: '撰写新闻',
    filterAction: '操作',
    filter: '筛选',
  },
  en: {
    wrong: 'The e-mail address or the password is wrong.',
    login: 'Log in',
    sites: 'Sites I manage',
    publishing: 'Publishing status',
    audit: 'Audit log',
    renderAgain: 'Render this site again',
    menuUpdate: 'Menu item changed',
    newsCreate: 'News written',
    filterAction: 'Action',
    filter: 'Filter',
  },
} as const;

/** The editor of jmst logs in to the console in English. */
async function logInAsEditor(page: Page): Promise<void> {
  await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
  await page.getByLabel('E-mail').fill('ed@example.org');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

describe('the editors’ console', () => {
  for (const [lang, width] of [
    ['zh', 1366],
    ['en', 820],
  ] as const) {
    it(`logs in, shows the publishing status and the audit log (${lang}, ${width} px)`, async () => {
      const t = TEXTS[lang];
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await page.goto(`${portal.origin('jmst')}/_console/?lang=${lang}`);
        await page.getByLabel(lang === 'zh' ? '邮箱' : 'E-mail').fill('ed@example.org');
        await page.getByLabel(lang === 'zh' ? '密码' : 'Password').fill('not the password');
        await page.getByRole('button', { name: t.login, exact: true }).click();
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(t.wrong);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel(lang === 'zh' ? '密码' : 'Password').fill(PASSWORD);
        await page.getByRole('button', { name: t.login, exact: true }).click();
        await page.getByRole('heading', { name: t.sites }).waitFor();
        const sites = await page.locator('.console-sites li .console-sld').allTextContents();
        expect(sites).toEqual(['jmst']);

        // a menu change through the console's API, as the menu editor will make it
        const patched = await page.evaluate(async () => {
          const response = await fetch('/_admin/sites/jmst/channels', { credentials: 'same-origin' });
          const { channels } = (await response.json()) as { channels: { id: number; code: string; enName: string }[] };
          const news = channels.find((channel) => channel.code !== 'index') ?? channels[0];
          if (!news) return [];
          const update = await fetch(`/_admin/sites/jmst/channels/${news.id}`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ enName: `${news.enName} (edited)` }),
          });
          const written = await fetch('/_admin/sites/jmst/news', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ type: 'information', title: '操作记录筛选' }),
          });
          return [update.status, written.status];
        });
        expect(patched).toEqual([200, 201]);

        await page.locator('.console-sites li button').first().click();
        await page.getByRole('heading', { name: t.publishing, level: 2 }).waitFor();
        await page.getByRole('button', { name: t.renderAgain }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('navigation').getByRole('button', { name: t.audit }).click();
        await page.getByRole('heading', { name: t.audit, level: 2 }).waitFor();
        // each action in the editor's language, and the log filtered by one of them
        const row = page.locator('.console-audit tbody tr', { hasText: t.menuUpdate }).first();
        await row.waitFor();
        await page.locator('.console-audit tbody tr', { hasText: t.newsCreate }).first().waitFor();
        await page.getByRole('combobox', { name: t.filterAction }).selectOption({ label: t.menuUpdate });
        await page.getByRole('button', { name: t.filter, exact: true }).click();
        const actions = page.locator('.console-audit tbody tr td:nth-child(3)');
        await expect.poll(async () => [...new Set(await actions.allTextContents())]).toEqual([t.menuUpdate]);
        expect(await row.textContent()).toContain('staff:ed@example.org');
        expect(await row.textContent()).toContain('(edited)');
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('an administrator resets an editor’s password; the editor must choose their own, then sets a theme colour the public site shows', async () => {
    for (const [email, role, sites] of [
      ['admin@example.org', 'admin', []],
      ['ed2@example.org', 'editor', ['jmst']],
    ] as const) {
      await createStaff(portal.db, { email, passwordHash: hashPassword(PASSWORD), role, sites }, new Date());
    }
    const context = await browser.newContext({ viewport: { width: 768, height: 1000 } });
    const page = await context.newPage();
    const logIn = async (email: string, password: string) => {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
    };
    try {
      await logIn('admin@example.org', PASSWORD);
      await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Reset the password: ed2@example.org' }).click();
      const shown = page.getByText(/One-time password of ed2@example\.org/);
      await shown.waitFor();
      const oneTime = (await shown.textContent())?.split(': ').pop() ?? '';
      expect(oneTime.length).toBeGreaterThanOrEqual(20);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Log out' }).click();

      await logIn('ed2@example.org', oneTime);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Sites I manage' }).count()).toBe(0);
      await page.getByLabel('Current (one-time) password').fill(oneTime);
      await page.getByLabel('New password (12 to 200 characters)').fill('my own passphrase');
      await page.getByLabel('New password again').fill('my own passphrase');
      await page.getByRole('button', { name: 'Change the password' }).click();
      await page.getByRole('heading', { name: 'Sites I manage' }).waitFor();

      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Site settings' }).click();
      await page.getByLabel('Preset').selectOption({ label: 'Custom colours' });
      await page.getByLabel('Primary colour').fill('#ffd700');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('The header’s white text is hard to read on #ffd700 (contrast 1.40:1');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Primary colour').fill('#7a1f5c');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved; the site is being rendered again.').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await expect
        .poll(
          async () => {
            await page.goto(`${portal.origin('jmst')}/en/home/`);
            return page
              .locator('.header-nav')
              .first()
              .evaluate((nav) => getComputedStyle(nav).backgroundColor);
          },
          { timeout: 30_000 },
        )
        .toBe('rgb(122, 31, 92)');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('an editor uploads the English logo in the site settings: a bad file is refused, a good one shows in the public header', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 1000 } });
    const page = await context.newPage();
    try {
      await logInAsEditor(page);
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Site settings' }).click();
      const field = page.getByLabel('Upload a logo (English, JPG or PNG, at most 3M)');
      await field.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('The logo must be a JPG or PNG image');
      await field.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('The logo was uploaded; the pages render again.').waitFor();
      const uploaded = await page.getByRole('img', { name: 'Logos (en)' }).getAttribute('src');
      expect(uploaded).toMatch(/^\/rc-pub\/front\/files\/get\?id=\d+$/);

      await expect
        .poll(
          async () => {
            await page.goto(`${portal.origin('jmst')}/en/home/`);
            return page.locator('.site-logo img.logo-pc').first().getAttribute('src');
          },
          { timeout: 30_000 },
        )
        .toBe(uploaded);
      const logo = page.locator('.site-logo img.logo-pc').first();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('answers the frame only at /_console/, never cached', async () => {
    const frame = await portal.request('jmst', '/_console/');
    expect(frame.status).toBe(200);
    expect(frame.headers['cache-control']).toBe('no-store');
    expect(frame.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await portal.request('jmst', '/_console')).headers.location).toBe('/_console/');
    expect((await portal.request('jmst', '/staff-console')).status).toBe(404);
  });

  it('an editor of jmst is refused cpg’s audit log and publishing status', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await logInAsEditor(page);
      await page.getByRole('heading', { name: 'Sites I manage' }).waitFor();
      const statuses = await page.evaluate(async () =>
        Promise.all(
          ['/_admin/audit?site=cpg', '/_admin/rebuild/cpg', '/_admin/sites/cpg/channels'].map(
            async (path) => (await fetch(path, { credentials: 'same-origin' })).status,
          ),
        ),
      );
      expect(statuses).toEqual([403, 403, 403]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
