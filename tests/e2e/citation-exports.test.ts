/**
 * What a reader's reference manager gets: on a real article page in Chromium, in both languages,
 * each export link's file read back by a reader that shares no code with its writer, field by
 * field against what the page shows (title, authors, journal, year, volume, issue, pages, DOI);
 * and the page's PDF link, beside the abstract page, downloads the PDF.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATION_FORMATS } from '../../src/lib/citation-formats.ts';
import { nameKey, READERS, type ReadBack } from '../unit/citation-readers.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let articleId: number;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  const row = portal.db
    .prepare(
      `SELECT a.id FROM articles a JOIN periods p ON p.id = a.period_id
       WHERE a.site_id = 1 AND a.status = 'formal' AND a.doi IS NOT NULL AND a.en_title IS NOT NULL
         AND a.first_page IS NOT NULL AND a.last_page > a.first_page
         AND (SELECT COUNT(*) FROM authors WHERE article_id = a.id) >= 2 ORDER BY a.id LIMIT 1`,
    )
    .get();
  articleId = Number(row?.['id']);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.each(['zh', 'en'] as const)('an article page in %s', (lang) => {
  it('offers five exports that read back as the page shows the article, and a PDF beside it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/${lang}/article/${articleId}/`);
      const main = page.locator('article.article-detail');
      const source = ((await main.locator('.article-detail__source > span').first().textContent()) ?? '').split(', ');
      // journal, year, volume(issue), pages: the journal's name may hold commas itself
      const pages = source.pop() ?? '';
      const [, volume = '', issue = ''] = /^(\d+)\((\d+)\)$/.exec(source.pop() ?? '') ?? [];
      const year = source.pop() ?? '';
      const doiLink = (
        (await main.locator('.article-detail__facts a[href^="https://doi.org/"]').textContent()) ?? ''
      ).trim();
      const shown: ReadBack = {
        title: ((await main.locator('h1').textContent()) ?? '').trim(),
        authors: (
          await main
            .locator('.article-authors__block')
            .first()
            .locator('.article-authors__author > a:not(.orcid)')
            .allInnerTexts()
        ).map((name) => nameKey(name.trim())),
        journal: source.join(', '),
        year,
        volume,
        issue,
        pages,
        doi: doiLink.replace('https://doi.org/', ''),
      };
      expect(shown.authors.length).toBeGreaterThanOrEqual(2);
      expect(shown.pages).toMatch(/^\d+-\d+$/);

      const links = main.locator('.article-detail__exports a');
      expect(await links.allInnerTexts()).toEqual([...CITATION_FORMATS]);
      for (const format of CITATION_FORMATS) {
        const href = await links.getByText(format, { exact: true }).getAttribute('href');
        const file = await portal.request('jmst', href ?? '');
        expect(file.status, format).toBe(200);
        const read = READERS[format](file.body);
        expect(read, format).toHaveLength(1);
        expect({ ...read[0], authors: read[0]?.authors.map(nameKey) }, format).toEqual(shown);
      }

      const pdfHref = await main.locator('a.article-detail__pdf').getAttribute('href');
      expect(pdfHref).toBe(`/${lang}/article/${articleId}/article-${articleId}.pdf`);
      const before = Number(
        portal.db.prepare('SELECT downloads FROM articles WHERE id = ?').get(articleId)?.['downloads'],
      );
      const pdf = await page.evaluate(async (href) => {
        const res = await fetch(href ?? '');
        const head = new Uint8Array(await res.arrayBuffer()).slice(0, 5);
        return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...head) };
      }, pdfHref);
      expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
      expect(
        Number(portal.db.prepare('SELECT downloads FROM articles WHERE id = ?').get(articleId)?.['downloads']),
      ).toBe(before + 1);
    } finally {
      await page.close();
    }
  });
});
