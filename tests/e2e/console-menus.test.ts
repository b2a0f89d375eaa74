/**
 * The console's menu editor in Chromium, as a site editor: rename an item in both languages
 * (meeting the "hidden in English" warning on the way), move an item with the keyboard and see the
 * public header follow after the site re-renders by itself; the home channel's disable and a
 * javascript: link are refused before saving, a linked item's delete names what links to it;
 * drag-and-drop reorders for good; the header preview folds as the public header does; axe finds
 * nothing serious, at a laptop's and a tablet's width.
 */
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_BUDGET_BYTES } from '../../scripts/bench/budgets.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PASSWORD = 'a long editor password';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 10, prebuild: ['jmst'] });
  await createStaff(
    portal.db,
    { email: 'menus@example.org', passwordHash: hashPassword(PASSWORD), role: 'editor', sites: ['jmst'] },
    new Date(),
  );
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}

/** The public header's top-level menu labels of a page, in order. */
async function publicMenu(path: string): Promise<string[]> {
  const { body } = await portal.request('jmst', path);
  const menu = body.slice(body.indexOf('<ul class="menu"'));
  const items = menu.slice(0, menu.indexOf('<li class="menu-more"')).split('<li class="menu-item');
  return items.slice(1).map((item) => /<a [^>]*>([^<]*)/.exec(item)?.[1] ?? '');
}

async function order(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const answer = await fetch('/_admin/sites/jmst/channels', { credentials: 'same-origin' });
    const { channels } = (await answer.json()) as { channels: { id: number; parentId: number; sortOrder: number }[] };
    return channels
      .filter((channel) => channel.parentId === 0)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((channel) => channel.id);
  });
}

describe('the console’s menu editor', () => {
  it('edits, reorders and guards the menu, and the public header follows', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').waitFor();
      // the page's JavaScript once hydrated: its script files and inline scripts, gzip
      const files = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      );
      const inline = await page.$$eval('script:not([src])', (nodes) =>
        nodes.map((node) => node.textContent).join('\n'),
      );
      let jsBytes = gzipSync(inline).length;
      for (const file of files) jsBytes += gzipSync((await portal.request('jmst', file)).bytes).length;
      console.log(`console page: ${files.length} script files, ${jsBytes} bytes of JavaScript (gzip)`);
      expect(files.length).toBeGreaterThan(0);
      expect(jsBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      await page.getByLabel('E-mail').fill('menus@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Menus' }).click();
      const tree = page.getByRole('list', { name: 'Menu items' });
      await tree.waitFor();
      const row = (id: number) => page.locator(`[data-row-id="${id}"] > .menu-row`);

      // rename "Current Issue" (11) in both languages; an empty English name warns before saving
      await row(11).getByRole('button', { name: 'Current Issue', exact: true }).click();
      const form = page.locator('form.menu-form');
      await form.getByLabel('English name').fill('');
      await expect
        .poll(() => form.getByRole('status').textContent())
        .toBe('Hidden in English: the channel has no English name.');
      await form.getByLabel('Chinese name').fill('本期目次');
      await form.getByLabel('English name').fill('This Issue');
      expect(await form.getByRole('status').textContent()).toBe('');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.menu-announce').textContent()).toBe('“This Issue” was saved.');

      // Alt+ArrowDown on the focused item moves it below "Past Issues" (12), said in the live region
      await row(11).getByRole('button', { name: 'This Issue', exact: true }).focus();
      await page.keyboard.press('Alt+ArrowDown');
      await expect
        .poll(() => page.locator('.menu-announce').textContent())
        .toBe('“This Issue” is now at position 4 of 23.');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('This Issue');
      const afterKeys = await order(page);
      expect(afterKeys.indexOf(12)).toBeLessThan(afterKeys.indexOf(11));

      // the prebuilt public pages follow by themselves
      await expect
        .poll(
          async () => {
            const en = await publicMenu('/en/home/');
            return en.slice(en.indexOf('Past Issues'), en.indexOf('Past Issues') + 2);
          },
          { timeout: 120_000, interval: 250 },
        )
        .toEqual(['Past Issues', 'This Issue']);
      expect(await publicMenu('/zh/home/')).toContain('本期目次');

      // guard rails before saving: the home channel stays enabled, a link must be safe
      await row(1).getByRole('button', { name: 'Home', exact: true }).click();
      await form.getByLabel('Enabled (shown in the menu)').uncheck();
      await expect
        .poll(() => form.getByRole('alert').textContent())
        .toBe('The home channel cannot be disabled: the home page would be empty.');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await row(27).getByRole('button', { name: 'Submission', exact: true }).click();
      await form.getByLabel('Link value').fill('javascript:alert(1)');
      await expect
        .poll(() => form.getByRole('alert').textContent())
        .toBe(
          'A link value must be an http(s) address, a path of this site starting with a single "/", or a mailto: address.',
        );
      await form.getByRole('button', { name: 'Save' }).click();
      expect(await form.getByRole('alert').textContent()).toContain('A link value must be');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // a delete asks first and names what links to the item; the server's refusal is shown as it words it
      await row(15).getByRole('button', { name: 'Delete “News”', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.textContent()).toContain('Its sub-items block the delete: Journal News.');
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('cannot be deleted');
      expect(await dialog.getByRole('alert').textContent()).toContain('sub-channel');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // an item's page content is stored cleaned, and the cleaned result is shown
      await row(7).getByRole('button', { name: 'Publication Ethics', exact: true }).click();
      const content = page.locator('section.menu-content');
      await content
        .getByRole('textbox', { name: 'English content (HTML)' })
        .fill('<p>Declare every interest.</p><script>alert(1)</script>');
      await content.getByRole('button', { name: 'Save the content' }).click();
      await expect.poll(() => content.getByRole('status').textContent()).toContain('The content was saved');
      const cleaned = await content.locator('iframe').nth(1).getAttribute('srcdoc');
      expect(cleaned).toContain('<p>Declare every interest.</p>');
      expect(cleaned).not.toContain('<script>');
      expect(await content.getByRole('textbox', { name: 'English content (HTML)' }).inputValue()).toBe(
        '<p>Declare every interest.</p>',
      );
      await form.getByRole('button', { name: 'Cancel' }).click();

      // drag "Just Accepted" (14) onto "Past Issues" (12): it takes that place, for good
      await page.locator('[data-row-id="14"]').dragTo(page.locator('[data-row-id="12"]'));
      await expect
        .poll(() => page.locator('.menu-announce').textContent())
        .toBe('“Just Accepted” is now at position 3 of 23.');
      const afterDrag = await order(page);
      expect(afterDrag.slice(0, 5)).toEqual([1, 4, 14, 12, 11]);

      // the preview folds as the public header does at 1280 px; at 768 px there is no bar
      const preview = page.locator('.menu-preview');
      await preview.getByLabel('Language of the preview').selectOption('en');
      const previewBar = preview
        .locator('[data-width="1280"] .menu-preview-fold')
        .first()
        .locator('.menu-preview-bar li');
      await expect.poll(() => previewBar.count()).toBeGreaterThan(1);
      const previewed = (await previewBar.allTextContents()).filter((text) => !text.startsWith('More'));
      expect(await preview.locator('[data-width="768"]').textContent()).toContain('No menu bar at this width');
      // axe with an item's form and its content field open
      await row(7).getByRole('button', { name: 'Publication Ethics', exact: true }).click();
      await content.getByRole('textbox', { name: 'Chinese content (HTML)' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 768, height: 1000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 1280, height: 900 });
      await expect
        .poll(async () => (await publicMenu('/en/home/')).slice(0, 3), { timeout: 120_000, interval: 250 })
        .toEqual(['Home', 'About the Journal', 'Just Accepted']);
      await page.goto(`${portal.origin('jmst')}/en/home/`);
      const shown = await page.locator('.header-nav ul.menu > li.menu-item:not([hidden]) > a').allTextContents();
      expect(shown).toEqual(previewed);

      // add a link item under "About the Journal" (4), then move it to the top level
      await page.goBack();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Menus' }).click();
      await page.getByRole('button', { name: 'Add an item' }).click();
      await form.getByLabel('Type').selectOption('jump');
      await form.getByLabel('Chinese name').fill('投稿须知');
      await form.getByLabel('English name').fill('Instructions');
      await form.getByLabel('Link value').fill('https://example.org/instructions');
      await form.getByLabel('Under').selectOption({ label: 'About the Journal' });
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.menu-announce').textContent()).toBe('“Instructions” was added.');
      expect(await page.locator('[data-row-id="4"] .menu-tree-children').textContent()).toContain('Instructions');
      await form.getByLabel('Under').selectOption({ label: 'Top level' });
      await form.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.locator('.menu-tree > li > .menu-row .menu-row-name').allTextContents())
        .toContain('Instructions');
      expect(await page.locator('[data-row-id="4"] .menu-tree-children').textContent()).not.toContain('Instructions');

      // the audit log lists each kind of menu write made above, by its name, as this editor's
      await page.getByRole('navigation').getByRole('button', { name: 'Audit log' }).click();
      const audit = page.locator('.console-audit tbody tr');
      await expect
        .poll(() => audit.locator('td:nth-child(3)').allTextContents())
        .toEqual(
          expect.arrayContaining(['Menu item added', 'Menu item changed', 'Menu reordered', 'Menu item content']),
        );
      expect(await audit.filter({ hasText: 'Menu item added' }).first().textContent()).toContain('menus@example.org');

      // in Chinese, the same guard rail speaks Chinese
      await page.goto(`${portal.origin('jmst')}/_console/?lang=zh`);
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: '菜单' }).click();
      await row(1).getByRole('button', { name: '首页', exact: true }).click();
      await form.getByLabel('启用（在菜单中显示）').uncheck();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('首页栏目不能停用：停用后首页将没有内容。');
    } finally {
      await context.close();
    }
  }, 300_000);
});
