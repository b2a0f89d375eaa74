/**
 * The article in full, on the real server: an article imported with its JATS shows its full text
 * (table of contents, figures, tables, formulas, notes) beside its abstract, every in-text citation
 * links to its reference and back, the page is valid HTML, axe finds nothing serious, a phone scrolls
 * only the tables sideways, and an article without JATS keeps its abstract page.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/jats');
const CORPUS = ['figures.xml', 'tables.xml', 'math.xml', 'zh.xml', 'lists.xml'] as const;
type Json = Record<string, unknown>;

let portal: Portal;
let browser: Browser;
const ids = new Map<string, number>();
let plainId: number;
let badTexId: number;
const folder = mkdtempSync(join(tmpdir(), 'jats-e2e-'));

const xml = (name: string) => readFileSync(join(FIXTURE, 'xml', name), 'utf8');
const tags = (source: string, name: string) => source.match(new RegExp(`<(?:mml:)?${name}[\\s/>]`, 'g'))?.length ?? 0;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
beforeAll(async () => {
  portal = await startPortal({ articles: 60 });
  browser = await launchBrowser();
  const db = portal.db;
  const site = db.prepare('SELECT name, en_name FROM sites WHERE id = 1').get();
  const issn = String(
    db.prepare('SELECT issn FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1').get()?.['issn'],
  );
  const issue = JSON.parse(readFileSync(join(FIXTURE, 'issue.json'), 'utf8')) as Json;
  const articles = (issue['articles'] as Json[]).map((article): Json => {
    const { period: _period, ...rest } = article;
    return { ...rest, issn, status: 'online-first' };
  });
  // a sixth article whose TeX formula cannot be read
  cpSync(FIXTURE, folder, { recursive: true });
  writeFileSync(join(folder, 'xml/bad-tex.xml'), xml('math.xml').replace('k = 2\\pi/\\lambda', '\\frac{k'));
  articles.push({ ...articles[2], doi: '10.3788/AOS.2026.02.006', jats: 'xml/bad-tex.xml' });
  await importContent(
    db,
    { site: { sld: 'jmst', name: site?.['name'], enName: site?.['en_name'] }, articles },
    new Date().toISOString(),
    folderFiles(folder),
  );
  badTexId = Number(db.prepare('SELECT id FROM articles WHERE doi = ?').get('10.3788/AOS.2026.02.006')?.['id']);
  for (const [n, file] of CORPUS.entries())
    ids.set(
      file,
      Number(db.prepare('SELECT id FROM articles WHERE doi = ?').get(String(articles[n]?.['doi']))?.['id']),
    );
  plainId = Number(
    db.prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1").get()?.['id'],
  );
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(folder, { recursive: true, force: true });
});

const page = async (lang: 'zh' | 'en', file: string) => {
  const res = await portal.request('jmst', `/${lang}/article/${ids.get(file)}/`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('the full text on the article page', () => {
  it.each(CORPUS)(
    '%s: figures, tables, formulas and references of the XML are all on the page, and linked',
    async (file) => {
      const source = xml(file);
      const html = await page('en', file);
      const body =
        /<div class="article-fulltext__body"[^>]*>([\s\S]*?)<\/div>\s*(?:<section id="full-text-|<\/section>)/.exec(
          html,
        )?.[1] ?? '';
      expect(body).not.toBe('');
      expect(count(body, /<figure class="ft-fig"/g)).toBe(tags(source, 'fig'));
      expect(count(body, /<img /g)).toBe(tags(source, 'graphic'));
      expect(count(body, /<table>/g)).toBe(tags(source, 'table'));
      expect(count(body, /<math[\s>]/g)).toBe(tags(source, 'disp-formula') + tags(source, 'inline-formula'));
      const references = /<section class="article-detail__references"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
      expect(count(references, /<li /g)).toBe(tags(source, 'ref'));
      expect(count(html, /<meta name="citation_reference"/g)).toBe(tags(source, 'ref'));
      // every link inside the page lands on an element of the page
      const idsOnPage = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      const cites = [...body.matchAll(/class="ft-cite" href="#([^"]+)"/g)].map((m) => m[1]);
      expect(cites).toHaveLength(source.match(/ref-type="bibr"/g)?.length ?? 0);
      for (const target of cites) expect(idsOnPage.has(target)).toBe(true);
      const backLinks = [...references.matchAll(/class="article-detail__cited" href="#([^"]+)"/g)].map((m) => m[1]);
      expect(backLinks).toHaveLength(new Set(cites).size);
      for (const target of backLinks) expect(idsOnPage.has(target)).toBe(true);
      const toc = [...html.matchAll(/<li class="article-fulltext__toc-\d"[^>]*><a href="#([^"]+)"/g)].map((m) => m[1]);
      expect(toc).toHaveLength(tags(source, 'sec'));
      for (const target of toc) expect(idsOnPage.has(target)).toBe(true);
    },
  );

  it.each(['zh', 'en'] as const)(
    'offers the full text in %s beside the PDF, with its notes, acknowledgements and funding',
    async (lang) => {
      const t = dictionary(lang).pages;
      const tables = await page(lang, 'tables.xml');
      expect(tables).toMatch(
        new RegExp(`<a class="article-detail__html"[^>]* href="#full-text"[^>]*>${literal(t.fullTextHtml)}</a>`),
      );
      expect(tables).toMatch(new RegExp(`<h2 id="full-text-heading"[^>]*>${literal(t.fullText)}</h2>`));
      expect(tables).toMatch(new RegExp(`<h3[^>]*>${literal(t.footnotes)}</h3>`));
      const zh = await page(lang, 'zh.xml');
      expect(zh).toMatch(new RegExp(`<h3[^>]*>${literal(t.acknowledgements)}</h3>`));
      expect(zh).toMatch(new RegExp(`<h3[^>]*>${literal(t.funding)}</h3>`));
      expect(zh).toContain('国家自然科学基金 62075001');
    },
  );

  it('says so when a TeX formula is shown as its source', async () => {
    const t = dictionary('en').pages;
    const bad = await portal.request('jmst', `/en/article/${badTexId}/`);
    expect(bad.body).toContain(t.texNotRendered);
    expect(bad.body).toMatch(/<code class="ft-tex"[^>]*>\\frac\{k<\/code>/);
    expect(await page('en', 'math.xml')).not.toContain(t.texNotRendered);
  });

  it('an article without JATS keeps its abstract page', async () => {
    const t = dictionary('en').pages;
    const res = await portal.request('jmst', `/en/article/${plainId}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`<h2[^>]*>${literal(t.abstract)}</h2>`));
    expect(res.body).not.toContain('id="full-text"');
    expect(res.body).not.toContain(t.fullTextHtml);
  });

  it('every full-text page is valid HTML (html-validate standard)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    const failures: string[] = [];
    for (const file of CORPUS)
      for (const lang of ['zh', 'en'] as const) {
        const report = await validator.validateString(await page(lang, file), `${lang}/${file}`);
        for (const result of report.results)
          for (const message of result.messages) failures.push(`${lang}/${file}: ${message.ruleId} ${message.message}`);
      }
    expect(failures).toEqual([]);
  });

  it('axe finds no serious or critical violations, a phone scrolls only the tables sideways, and a figure opens larger', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const tab = await context.newPage();
    const found: string[] = [];
    for (const file of CORPUS) {
      await tab.goto(`${portal.origin('jmst')}/en/article/${ids.get(file)}/`, { waitUntil: 'load' });
      const violations = await seriousViolations(tab, ['main']);
      for (const violation of violations) found.push(`${file}: ${violation}`);
      // on a phone nothing of the full text reaches past the screen: only tables and formulas scroll, inside their boxes
      const wide = await tab.evaluate(() =>
        [...document.querySelectorAll('.article-fulltext *')]
          .filter((node) => !node.closest('.ft-table__scroll, .ft-formula'))
          .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1)
          .map((node) => `${node.tagName}.${node.className}`),
      );
      expect({ file, wide }).toEqual({ file, wide: [] });
    }
    expect(found).toEqual([]);
    await tab.goto(`${portal.origin('jmst')}/en/article/${ids.get('tables.xml')}/`, { waitUntil: 'load' });
    const scroller = tab.locator('.ft-table__scroll').first();
    expect(await scroller.evaluate((node) => getComputedStyle(node).overflowX)).toBe('auto');
    await tab.goto(`${portal.origin('jmst')}/en/article/${ids.get('figures.xml')}/`, { waitUntil: 'load' });
    const image = tab.locator('figure.ft-fig img').first();
    await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).complete)).toBe(true);
    const href = await tab.locator('figure.ft-fig > a').first().getAttribute('href');
    expect(href).toBe(await image.getAttribute('src'));
    const opened = await portal.request('jmst', href ?? '');
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    await context.close();
  }, 150_000);
});
