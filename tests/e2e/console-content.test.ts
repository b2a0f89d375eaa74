/**
 * The console's content screens in Chromium at a tablet's width (768 px): an editor uploads an
 * import with faults and reads every problem, then a good one and finds its article on the public
 * site; retracts that article with a reason and sees the notice on its public page; schedules a
 * news item, absent from the public list until it is published from the console. No
 * serious axe violation, no sideways scrolling.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../src/i18n/index.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { previewToken } from '../../src/server/preview-link.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PASSWORD = 'a long editor password';
const DOI = '10.9999/console.e2e.001';
const TITLE = 'Console import e2e article';
const NEWS_TITLE = 'Console scheduled meeting';
const SECRET = 'console-content-e2e-preview-secret-0123456789';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({
    articles: 30,
    env: { PREVIEW_SECRET: SECRET },
  });
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

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

function jmstIssn(): string {
  const row = portal.db
    .prepare("SELECT p.issn FROM publications p JOIN sites s ON s.id = p.site_id WHERE s.sld = 'jmst' LIMIT 1")
    .get() as { issn: string };
  return row.issn;
}

const file = (name: string, json: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(json)),
});

describe('the console’s content screens', () => {
  it('corrects an issue’s volume and the public table of contents shows it', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').fill('ed@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Issues' }).click();
      const first = page.locator('.console-issues tbody tr').first();
      await first.waitFor();
      const cells = await first.locator('td').allTextContents();
      const [year, issue] = [Number(cells[1]), Number(cells[3])];
      const toc = () => portal.request('jmst', `/en/issue/${year}/${issue}/`).then((answer) => answer.body);
      const title = `Vol. 987, No. ${issue}, ${year}`;
      expect(await toc()).not.toContain(title);

      await page.getByRole('button', { name: `Edit ${year} issue ${issue}` }).click();
      await page.getByLabel('Volume').fill('987');
      await page.getByRole('button', { name: 'Save the issue', exact: true }).click();
      await page.getByText('Saved. The pages will update by themselves.').waitFor();
      await expect.poll(() => first.locator('td').nth(2).textContent()).toBe('987');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expect.poll(toc, { timeout: 30_000 }).toContain(title);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opens a scheduled article’s and issue’s preview from the console; a forged or other site’s link is refused', async () => {
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const article = portal.db
      .prepare(
        "SELECT a.id, a.title, a.en_title FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' AND a.en_title IS NOT NULL ORDER BY a.id LIMIT 1",
      )
      .get() as { id: number; title: string; en_title: string };
    portal.db.prepare('UPDATE articles SET publish_at = ? WHERE id = ?').run(later, article.id);
    const issue = portal.db
      .prepare(
        "SELECT p.id, p.year, p.issue FROM periods p JOIN sites s ON s.id = p.site_id WHERE s.sld = 'jmst' ORDER BY p.year DESC, p.issue DESC LIMIT 1",
      )
      .get() as { id: number; year: number; issue: number };
    portal.db.prepare('UPDATE periods SET publish_at = ? WHERE id = ?').run(later, issue.id);
    expect((await portal.request('jmst', `/en/article/${article.id}/`)).status).toBe(404);

    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').fill('ed@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Articles' }).click();
      await page.getByLabel('Article id, DOI or title').fill(String(article.id));
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      const row = page.locator('table tbody tr', { hasText: article.en_title });
      await expect.poll(() => row.textContent()).toContain('Scheduled for');
      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: `Preview: ${article.title}` }).click(),
      ]);
      await preview.getByRole('heading', { name: article.en_title }).waitFor();
      await preview.getByText('Preview: this article is not public yet.').waitFor();
      const articleLink = new URL(preview.url());
      expect(articleLink.pathname).toBe(`/en/preview/article/${article.id}/`);
      await preview.close();

      await page.getByRole('navigation').getByRole('button', { name: 'Issues' }).click();
      const issueLink = page.getByRole('link', { name: `Preview: ${issue.year} issue ${issue.issue}` });
      const [issuePage] = await Promise.all([context.waitForEvent('page'), issueLink.click()]);
      await issuePage.getByText('Preview: this issue is not public yet.').waitFor();
      await issuePage.close();
      expect(await seriousViolations(page)).toEqual([]);

      // the link opens only what it was signed for: not forged, not on another site, not in time gone by
      const token = articleLink.searchParams.get('token') ?? '';
      const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      const jmstId = Number(portal.db.prepare("SELECT id FROM sites WHERE sld = 'jmst'").get()?.['id']);
      const expired = previewToken(SECRET, { siteId: jmstId, articleId: article.id }, new Date(Date.now() - 1000));
      const refused = [
        ['jmst', `/zh/preview/article/${article.id}/?token=${encodeURIComponent(expired)}`, '此预览链接已过期或无效。'],
        ['jmst', `/zh/preview/article/${article.id}/?token=${encodeURIComponent(forged)}`, '此预览链接已过期或无效。'],
        [
          'jmst',
          `/en/preview/article/${article.id}/?token=${encodeURIComponent(forged)}`,
          'This preview link has expired or is not valid.',
        ],
        ['cpg', `/zh/preview/article/${article.id}/?token=${encodeURIComponent(token)}`, '此预览链接已过期或无效。'],
        [
          'jmst',
          `/en/preview/issue/${issue.id}/?token=${encodeURIComponent(token)}`,
          'This preview link has expired or is not valid.',
        ],
      ] as const;
      for (const [sld, path, message] of refused) {
        const answer = await portal.request(sld, path);
        expect(answer.status, `${sld}${path}`).toBe(404);
        expect(answer.body).toContain(message);
        expect(answer.body).not.toContain(article.en_title);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('reads a faulty import’s problems in Chinese, each with its values', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const t = zh.consoleContent;
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=zh`);
      await page.getByLabel(zh.console.email).fill('ed@example.org');
      await page.getByLabel(zh.console.password).fill(PASSWORD);
      await page.getByRole('button', { name: zh.console.login, exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: t.sectionImport }).click();
      const faulty = {
        site: { sld: 'jmst' },
        articles: [{ id: 0, issn: jmstIssn(), doi: 'not a doi', fund: 'x'.repeat(2_500) }],
        news: [{ key: 'not a key!', type: 'rumour', title: '通知', publishedAt: '2026-01-01' }],
      };
      await page.getByLabel(t.importFile).setInputFiles(file('faulty.json', faulty));
      await page.getByRole('button', { name: t.importCheck, exact: true }).click();
      const problems = page.locator('.console-problems tbody tr');
      await problems.first().waitFor();
      const rows = await problems.allTextContents();
      expect(rows).toEqual(
        expect.arrayContaining([
          'articles[0].idID 应为正整数（最多 15 位）',
          'articles[0].doiDOI 格式应如 10.13475/j.jmst.2024.03.012',
          'articles[0].fund文本字段最多 2,000 个字符（此处 2,500 个）',
          'news[0].key键只能由字母、数字和 . _ : / - 组成（最多 200 个字符）',
          expect.stringMatching(/^news\[0\]\.type取值无效：应为 "information"\|.+ 之一$/),
        ]),
      );
      for (const row of rows) expect(row).toMatch(/\p{Script=Han}/u);

      // a broken zip is refused in Chinese, without the zip library's English words
      await page.getByLabel(t.importFile).setInputFiles({
        name: 'broken.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from('PK\u0003\u0004 not a zip at all'),
      });
      await page.getByRole('button', { name: t.importCheck, exact: true }).click();
      const refusal = page.locator('.console-error');
      await expect.poll(() => refusal.textContent()).toMatch(/^无法读取文件：无法解压该 zip 包/);
      expect((await refusal.textContent())?.replaceAll('zip', '')).not.toMatch(/[A-Za-z]/);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('checks a faulty import, applies a good one, retracts its article, schedules then publishes news', async () => {
    const context = await browser.newContext({ viewport: { width: 768, height: 1000 } });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.origin('jmst')}/_console/?lang=en`);
      await page.getByLabel('E-mail').fill('ed@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.console-sites li button').first().click();
      await page.getByRole('navigation').getByRole('button', { name: 'Import' }).click();

      const issn = jmstIssn();
      const article = { issn, doi: DOI, status: 'online-first', publishedDate: '2026-01-05' };
      const input = page.getByLabel('Import file (.json or .zip)');
      await input.setInputFiles(file('faulty.json', { site: { sld: 'jmst' }, articles: [article] }));
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      const problems = page.locator('.console-problems tbody tr');
      await problems.first().waitFor();
      expect(await problems.allTextContents()).toEqual(
        expect.arrayContaining(['articles[0].titleRequired', 'articles[0].authorsRequired']),
      );
      expect(await page.getByRole('button', { name: 'Apply', exact: true }).isDisabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      const good = { ...article, title: TITLE, authors: [{ name: 'Ed Itor' }] };
      await input.setInputFiles(file('good.json', { site: { sld: 'jmst' }, articles: [good] }));
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByText('The file passed the check: 1 articles').waitFor();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByText(/^Applied: 1 added/).waitFor();

      await page.getByRole('navigation').getByRole('button', { name: 'Articles' }).click();
      await page.getByLabel('Article id, DOI or title').fill(DOI);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.getByRole('button', { name: `Edit: ${TITLE}` }).click();
      await page.getByLabel('Action').selectOption('retracted');
      await page.getByLabel('Reason', { exact: true }).fill('Duplicated figures found by the editors');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByText('Saved. The pages will update by themselves.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      const publicLink = await page.getByRole('link', { name: 'View the public page' }).getAttribute('href');

      // a news item scheduled for tomorrow is not on the public list until it is published
      await page.getByRole('navigation').getByRole('button', { name: 'News' }).click();
      await page.getByLabel('Type').selectOption('announcement');
      await page.getByLabel('Chinese title').fill('控制台年会通知');
      await page.getByLabel('English title').fill(NEWS_TITLE);
      await page.getByLabel('English text (HTML)').fill('<p>The meeting opens on Monday.</p>');
      const tomorrow = new Date(Date.now() + 86_400_000);
      const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await page.getByLabel('Publish at (empty: now)').fill(local);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const row = page.locator('.console-news tbody tr', { hasText: NEWS_TITLE });
      await expect.poll(() => row.textContent()).toContain('Scheduled for');
      expect(await row.getByRole('link', { name: 'Preview' }).getAttribute('href')).toMatch(
        /^\/en\/preview\/news\/\d+\//,
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const list = () => portal.request('jmst', '/en/news/?type=announcement').then((answer) => answer.body);
      expect(await list()).not.toContain(NEWS_TITLE);
      await page.getByRole('button', { name: `Publish now: 控制台年会通知` }).click();
      await expect.poll(() => row.textContent()).toContain('Published');
      expect(await list()).toContain(NEWS_TITLE);
      // the audit log lists each of these writes, by its name
      await page.getByRole('navigation').getByRole('button', { name: 'Audit log' }).click();
      const actions = page.locator('.console-audit tbody tr td:nth-child(3)');
      await expect
        .poll(() => actions.allTextContents())
        .toEqual(expect.arrayContaining(['Import', 'Article corrected', 'News written', 'News changed']));
      expect(publicLink).toMatch(/^\/_site\/jmst\/en\/article\/\d+\/$/);
      await page.goto(`${portal.origin('jmst')}${publicLink}`);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      const notice = page.locator('.article-notice--retracted');
      await expect.poll(() => notice.textContent()).toContain('Duplicated figures found by the editors');
    } finally {
      await context.close();
    }
  }, 180_000);
});
