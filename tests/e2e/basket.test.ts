/**
 * The bulk-citation basket in Chromium (docs/product-rules.md#basket): add three articles from an
 * issue's contents, open the dialog, copy, export in each format (the files download and parse),
 * delete one, clear, the empty state; a deleted paper is offered for removal.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { CITATION_FORMATS } from '../../src/lib/citation-formats.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { Cite } from '../../src/server/citations/citation-js.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const t = dictionary('en').shell.basket;
let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let toc: string;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  context = await browser.newContext({ acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
  const period = portal.db
    .prepare(
      'SELECT year, issue FROM periods p WHERE site_id = 1 AND (SELECT COUNT(*) FROM articles a WHERE a.period_id = p.id) >= 3 ORDER BY year DESC, issue DESC LIMIT 1',
    )
    .get() as { year: number; issue: number };
  toc = `/en/issue/${period.year}/${period.issue}/`;
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function openToc(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(portal.origin('jmst') + toc, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="BasketButton"]:not([ssr])'));
  return page;
}

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();

describe('citation basket', () => {
  it('adds three articles, copies, exports every format, deletes one, clears, and shows the empty state', async () => {
    const page = await openToc();
    const adds = page.locator('main [data-basket-add]');
    for (let i = 0; i < 3; i++) await adds.nth(i).click();
    await toast(page, t.added);
    const button = page.locator('.basket-button');
    await expect.poll(() => button.locator('.badge').textContent()).toBe('3');

    await button.click();
    const dialog = page.locator('dialog.basket-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(770);
    await expect.poll(() => dialog.locator('.basket-item-citation').count()).toBe(3);
    expect(await dialog.locator('.basket-item-citation').first().textContent()).toMatch(/\(\d{4}\)/);

    // nothing selected: every action says so
    await dialog.getByRole('button', { name: t.copy }).click();
    await toast(page, t.noDataSelected);

    await dialog.getByLabel(t.selectAll).check();
    expect(await dialog.locator('.basket-items input:checked').count()).toBe(3);
    // unchecking any item clears select-all
    await dialog.locator('.basket-items input').first().uncheck();
    expect(await dialog.getByLabel(t.selectAll).isChecked()).toBe(false);
    await dialog.getByLabel(t.selectAll).check();

    await dialog.getByRole('button', { name: t.copy }).click();
    await toast(page, t.copySuccess);
    await dialog.locator('.basket-status', { hasText: t.copied }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')).toHaveLength(3);
    expect(copied).toMatch(/^\[1\] /);

    for (const format of CITATION_FORMATS) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: t.exportAs.replace('{format}', format) }).click(),
      ]);
      const body = readFileSync(await download.path(), 'utf8');
      expect(download.suggestedFilename(), format).toMatch(/^citations-3\./);
      if (format === 'BibTeX' || format === 'RefMan') expect((new Cite(body).data as unknown[]).length, format).toBe(3);
      if (format === 'NoteFirst') expect(body).toContain('count="3"');
      if (format === 'NoteExpress') expect(body.match(/\{Reference Type\}: Journal Article/g)).toHaveLength(3);
      if (format === 'Endnote') expect(body.match(/^%0 Journal Article/gm)).toHaveLength(3);
    }

    await dialog.locator('.basket-delete').first().click();
    await toast(page, t.deleted);
    await expect.poll(() => dialog.locator('.basket-items li').count()).toBe(2);
    // the selection starts again after a change
    expect(await dialog.locator('.basket-items input:checked').count()).toBe(0);

    await dialog.getByLabel(t.selectAll).check();
    await dialog.getByRole('button', { name: t.clear }).click();
    await toast(page, t.emptied);
    await dialog.locator('.basket-empty', { hasText: t.empty }).waitFor();
    await expect.poll(() => button.locator('.badge').count()).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('offers to delete the record of a paper that no longer exists', async () => {
    const page = await openToc();
    await page.evaluate(
      ([key]) =>
        localStorage.setItem(
          key as string,
          JSON.stringify([{ id: 987654321, resName: 'Gone paper', resString: '', sortId: 0 }]),
        ),
      [STORAGE_KEYS.basketItems],
    );
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="BasketButton"]:not([ssr])'));
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (prompt) => {
        resolve(prompt.message());
        void prompt.accept();
      });
    });
    await page.locator('.basket-button').click();
    expect(await asked).toContain(t.paperGone);
    await page.locator('dialog.basket-dialog .basket-empty').waitFor();
    await page.close();
  });
});
