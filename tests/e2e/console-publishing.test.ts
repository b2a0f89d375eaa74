/**
 * The console's publishing status while a pass runs, in Chromium: the editor asks to render the
 * site again and watches the pages done grow against the pages to do, then reads the finished
 * pass in the history with its duration, its cause and its pages; a menu rename then shows as the
 * cause of the next pass. The pass is a real full build of the demo
 * site (a few hundred pages, progress reported every 50), long enough for the screen's polls to
 * see it run; nothing in the product is slowed for the test.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const PASSWORD = 'a long editor password';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 30 });
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

describe('publishing status in the console', () => {
  it('shows a running pass’s progress grow, then the finished pass in the history with its duration and cause, then a menu rename as the next pass’s cause', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').fill('ed@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('heading', { name: 'Publishing status', level: 2 }).waitFor();
      await page.getByText('No pass has finished yet.').waitFor();

      // every progress line the screen shows, as the editor sees it, from here on
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          for (const line of document.querySelectorAll('section p')) {
            const text = line.textContent ?? '';
            if (text.includes('Rendering pages:') && seen.at(-1) !== text) seen.push(text);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Render this site again' }).click();
      await page.getByText('A new pass was requested.').waitFor();
      await page.getByText('State: rendering').waitFor();

      const history = page.locator('table.console-audit tbody tr');
      await history.first().waitFor({ timeout: 240_000 });
      await page.getByText('State: idle').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      const progress = seen.map((text) => {
        const match = /Rendering pages: ([\d,]+) of ([\d,]+) done/.exec(text);
        return { done: Number(match?.[1]?.replaceAll(',', '')), total: Number(match?.[2]?.replaceAll(',', '')) };
      });
      // the pages to do are known, and the pages done grew while the editor watched
      const total = Math.max(...progress.map((entry) => entry.total));
      expect(total, seen.join(' | ')).toBeGreaterThan(100);
      const running = progress.filter((entry) => entry.total === total && entry.done < total);
      expect(new Set(running.map((entry) => entry.done)).size, seen.join(' | ')).toBeGreaterThanOrEqual(2);
      expect(running.map((entry) => entry.done)).toEqual([...running.map((entry) => entry.done)].sort((a, b) => a - b));

      // the finished pass: a full one, its duration, every page it rendered, no failure
      const cells = await history.first().locator('td').allTextContents();
      expect(cells[1]).toMatch(/^\d+\.\d s$/);
      expect(Number.parseFloat(cells[1] ?? '')).toBeGreaterThan(0);
      expect(cells[2]).toBe('whole site');
      expect(cells[3]).toBe('the whole site');
      expect(Number.parseInt(cells[4] ?? '', 10)).toBeGreaterThan(100);
      expect(cells[4]).toMatch(/^\d+ \(all pages \d+\)$/);
      expect(cells[5]).toBe('0');
      console.log(`pass watched: ${seen.join(' | ')}; history: ${cells.join(' | ')}`);
      await page.getByText(/Succeeded, \d+ pages$/).waitFor();
      await page.getByText('No pass is in progress.').waitFor();

      // a menu rename made in the console: its pass over changes names that cause, in Chinese
      await page.getByRole('navigation').getByRole('button', { name: 'Menus' }).click();
      await page
        .locator('[data-row-id="11"] > .menu-row')
        .getByRole('button', { name: 'Current Issue', exact: true })
        .click();
      const form = page.locator('form.menu-form');
      await form.getByLabel('English name').fill('This Issue');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.menu-announce').textContent()).toBe('“This Issue” was saved.');
      const newestPass = async () => {
        await page.goto(`${portal.origin('jmst')}/_console/?lang=zh`);
        await page.locator('.console-sites li button').first().click();
        await page.getByRole('heading', { name: '发布状态', level: 2 }).waitFor();
        await history.first().waitFor();
        return history.first().locator('td').allTextContents();
      };
      await expect.poll(async () => (await newestPass())[3], { timeout: 120_000 }).toBe('修改菜单');
      const menuPass = await newestPass();
      expect(menuPass[2]).toBe('变更');
      // its pages by kind, named in Chinese
      expect(menuPass[4]).toMatch(/^\d+（|^\d+ \(/);
      expect(menuPass[4]).not.toMatch(/[A-Za-z]/);
      expect(menuPass[5]).toBe('0');
      console.log(`menu pass: ${menuPass.join(' | ')}`);
    } finally {
      await context.close();
    }
  }, 300_000);
});
