/**
 * The article page's relation lists on the real server, without JavaScript: the articles citing it
 * (one on another site, named and linked through the site jump), the same author's, grant's and
 * institution's articles and related articles; the page with every list is valid HTML and axe
 * finds nothing serious in it.
 */
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { noticeLabel } from '../../src/i18n/notice-label.ts';
import { rekeySites } from '../../src/server/store/bulk/relation-keys.ts';
import { kysely } from '../../src/server/store/kysely.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let subject: number;
let citing: number;
let elsewhere: { id: number; sld: string; name: string; enName: string };
let sameAuthor: number;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  browser = await launchBrowser();
  const db = portal.db;
  const formal = (siteId: number, skip: number) =>
    Number(
      db
        .prepare(
          "SELECT id FROM articles WHERE site_id = ? AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1 OFFSET ?",
        )
        .get(siteId, skip)?.['id'],
    );
  subject = formal(1, 0);
  citing = formal(1, 1);
  sameAuthor = formal(1, 2);
  const other = db
    .prepare(
      "SELECT a.id, s.sld, s.name, s.en_name FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.id <> 1 AND s.status = 'active' AND s.type = 'single' AND a.status = 'formal' ORDER BY a.id LIMIT 1",
    )
    .get();
  elsewhere = {
    id: Number(other?.['id']),
    sld: String(other?.['sld']),
    name: String(other?.['name']),
    enName: String(other?.['en_name']),
  };
  const doi = String(db.prepare('SELECT doi FROM articles WHERE id = ?').get(subject)?.['doi']);
  const cite = db.prepare(
    "INSERT INTO article_references (article_id, position, text, doi) VALUES (?, 99, 'A reference to the subject', ?)",
  );
  cite.run(citing, doi.toUpperCase());
  // a retracted article keeps citing: the list labels it
  db.prepare("UPDATE articles SET notice_kind = 'retracted', notice_date = '2026-06-01' WHERE id = ?").run(citing);
  cite.run(elsewhere.id, doi);
  // the subject's first author, at that author's institution, on another article; and its grant
  const author = db
    .prepare('SELECT name, institution_positions FROM authors WHERE article_id = ? ORDER BY position LIMIT 1')
    .get(subject);
  const position = Number(String(author?.['institution_positions']).split(/[,;]/)[0]);
  const institution = db
    .prepare('SELECT name FROM institutions WHERE article_id = ? AND position = ?')
    .get(subject, position);
  db.prepare('INSERT INTO institutions (article_id, position, name) VALUES (?, 9, ?)').run(
    sameAuthor,
    String(institution?.['name']),
  );
  db.prepare("INSERT INTO authors (article_id, position, name, institution_positions) VALUES (?, 99, ?, '9')").run(
    sameAuthor,
    String(author?.['name']),
  );
  db.prepare("UPDATE articles SET fund = '国家自然科学基金（987654321）' WHERE id IN (?, ?)").run(subject, sameAuthor);
  await kysely(db)
    .transaction()
    .execute((trx) => rekeySites(trx, [1]));
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const section = (html: string, key: string) =>
  new RegExp(`<section class="article-relations article-relations--${key}"[^>]*>([\\s\\S]*?)</section>`).exec(
    html,
  )?.[1] ?? '';

describe.each(['zh', 'en'] as const)('the article page in %s', (lang) => {
  const t = dictionary(lang).pages;
  it('lists the citing articles, one of another site with its name and a link to it there', async () => {
    const page = await portal.request('jmst', `/${lang}/article/${subject}/`);
    expect(page.status).toBe(200);
    const cited = section(page.body, 'citedBy');
    expect(cited).toContain(t.citedBy);
    expect(cited).toContain(`href="/${lang}/article/${citing}/"`);
    const citingItem = /<li\b[^>]*>((?:(?!<\/li>)[\s\S])*)<\/li>/g;
    const items = [...cited.matchAll(citingItem)].map((match) => match[1] ?? '');
    const retracted = items.find((item) => item.includes(`href="/${lang}/article/${citing}/"`)) ?? '';
    expect(retracted).toMatch(new RegExp(`data-notice="retracted"[^>]*>${noticeLabel('retracted', lang)}<`));
    expect(items.find((item) => item.includes(`/article/${elsewhere.id}/`))).not.toContain('data-notice');
    expect(cited).toContain(`href="/_site/${elsewhere.sld}/${lang}/article/${elsewhere.id}/"`);
    expect(cited).toContain(lang === 'zh' ? elsewhere.name : elsewhere.enName);
    const jump = await portal.request('jmst', `/_site/${elsewhere.sld}/${lang}/article/${elsewhere.id}/`);
    expect(jump.status).toBeGreaterThanOrEqual(300);
    expect(String(jump.headers.location)).toContain(`${elsewhere.sld}.localhost`);
    expect(String(jump.headers.location)).toContain(`/${lang}/article/${elsewhere.id}/`);
  });

  it("lists the same author's, the same grant's and the same institution's articles, and related ones", async () => {
    const page = await portal.request('jmst', `/${lang}/article/${subject}/`);
    const link = `href="/${lang}/article/${sameAuthor}/"`;
    expect(section(page.body, 'author')).toContain(link);
    expect(section(page.body, 'fund')).toContain(link);
    expect(section(page.body, 'org')).toContain(link);
    expect(section(page.body, 'article')).toContain(t.relatedArticle);
    expect(section(page.body, 'article')).not.toContain(`href="/${lang}/article/${subject}/"`);
  });

  it('the page with every list is valid HTML (html-validate standard)', async () => {
    const page = await portal.request('jmst', `/${lang}/article/${subject}/`);
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(page.body);
    const messages = report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId} ${m.message}`));
    expect(messages).toEqual([]);
  });
});

it('axe finds no serious or critical violations on the page with every list', async () => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const tab = await context.newPage();
  await tab.goto(`${portal.origin('jmst')}/en/article/${subject}/`, { waitUntil: 'load' });
  await tab.waitForSelector('.article-relations--citedBy');
  const violations = await seriousViolations(tab, ['main']);
  await context.close();
  expect(violations).toEqual([]);
});
