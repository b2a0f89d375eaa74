/**
 * Quality budgets of the content pages on a sample of rendered pages: valid HTML (html-validate),
 * no serious or critical axe violations in the content (<main>), at most 110 KB of JavaScript (gzip) per page, and content
 * present with JavaScript turned off.
 */
import { gzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_BUDGET_BYTES, JS_BUDGET_LABEL } from '../../scripts/bench/budgets.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;
let samples: { sld: string; path: string; status: number }[] = [];

beforeAll(async () => {
  portal = await startPortal({ articles: 600 });
  browser = await launchBrowser();
  const row = (sql: string) => portal.db.prepare(sql).get() as Record<string, unknown>;
  const article = row(
    "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND en_title IS NOT NULL ORDER BY id LIMIT 1",
  );
  const period = row(
    'SELECT year, issue FROM periods p WHERE site_id = 1 AND EXISTS (SELECT 1 FROM articles a WHERE a.period_id = p.id) ORDER BY year DESC, issue DESC LIMIT 1',
  );
  const news = row('SELECT id FROM news WHERE site_id = 1 AND original <> 2 ORDER BY id LIMIT 1');
  const album = row('SELECT id, channel_id FROM albums WHERE site_id = 1 ORDER BY id LIMIT 1');
  const topic = row('SELECT id FROM editorial_topics WHERE site_id = 1 ORDER BY id LIMIT 1');
  const info = row("SELECT id FROM channels WHERE site_id = 1 AND code = 'newItem' LIMIT 1");
  samples = [
    { sld: 'jmst', path: '/zh/home/', status: 200 },
    { sld: 'jmst', path: '/en/home/', status: 200 },
    { sld: 'jmst', path: `/zh/issue/${String(period['year'])}/${String(period['issue'])}/`, status: 200 },
    { sld: 'jmst', path: `/zh/article/${String(article['id'])}/`, status: 200 },
    { sld: 'jmst', path: `/en/article/${String(article['id'])}/`, status: 200 },
    { sld: 'jmst', path: '/en/onlineFirst/', status: 200 },
    { sld: 'jmst', path: '/zh/news/', status: 200 },
    { sld: 'jmst', path: `/en/newsDetails/${String(news['id'])}/`, status: 200 },
    { sld: 'jmst', path: '/zh/about/1/', status: 200 },
    { sld: 'jmst', path: `/en/collectionList/${String(album['channel_id'])}/`, status: 200 },
    { sld: 'jmst', path: `/zh/collections/${String(album['id'])}/`, status: 200 },
    { sld: 'jmst', path: `/en/editorial-board/${String(topic['id'])}/`, status: 200 },
    { sld: 'jmst', path: `/zh/info/${String(info['id'])}/`, status: 200 },
    { sld: 'jmst', path: '/en/rssList/', status: 200 },
    { sld: 'jmst', path: '/zh/emailSubscribe/', status: 200 },
    { sld: 'jmst', path: '/en/no-such-page/', status: 404 },
    { sld: 'cpg', path: '/en/mag/', status: 200 },
    { sld: 'cpg', path: '/zh/home/', status: 200 },
    { sld: 'lapsed', path: '/forbiddenPage?lang=en', status: 403 },
    {
      sld: 'jmst',
      path: `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent('材料')}&lang=zh`,
      status: 200,
    },
    {
      sld: 'cpg',
      path: '/article?type=thesis&index=-1&searchType=singleSearch&searchText=alloy&lang=en&journal=1',
      status: 200,
    },
    { sld: 'jmst', path: '/seniorSearch?lang=en', status: 200 },
    {
      sld: 'jmst',
      path: `/seniorSearch?lang=zh&field1=title&text1=${encodeURIComponent('材料')}&op2=NOT&field2=keyword&text2=${encodeURIComponent('石墨烯')}`,
      status: 200,
    },
    { sld: 'jmst', path: '/login?lang=en', status: 200 },
    { sld: 'jmst', path: '/register?lang=zh', status: 200 },
    { sld: 'jmst', path: '/quickLogin?lang=zh', status: 200 },
    { sld: 'jmst', path: '/forgetCode?lang=en', status: 200 },
    { sld: 'jmst', path: '/accountBinding?lang=zh', status: 200 },
  ];
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe('content page quality', () => {
  it('every sampled page is valid HTML (html-validate standard)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    const problems: string[] = [];
    for (const sample of samples) {
      const res = await portal.request(sample.sld, sample.path);
      expect(res.status, sample.path).toBe(sample.status);
      const report = await validator.validateString(res.body, sample.path);
      for (const message of report.results.flatMap((result) => result.messages)) {
        if (message.severity !== 2) continue;
        problems.push(`${sample.sld}${sample.path} ${message.ruleId}: ${message.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  /** one browser pass over the samples, shared by the axe and the JavaScript budget checks */
  let browserPass: Promise<{ axe: string[]; js: string[] }> | null = null;
  const visitSamples = () => {
    browserPass ??= (async () => {
      const result = { axe: [] as string[], js: [] as string[] };
      const context = await browser.newContext();
      const page = await context.newPage();
      let scripts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        // a script that failed to load has no body to count
        scripts.set(
          response.url(),
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
      });
      for (const sample of samples) {
        scripts = new Map();
        await page.goto(portal.origin(sample.sld) + sample.path, { waitUntil: 'load' });
        const inline = await page.$$eval('script:not([src]):not([type="application/ld+json"])', (nodes) =>
          nodes.map((node) => node.textContent ?? '').join('\n'),
        );
        const jsBytes =
          (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0) + gzipSync(inline).length;
        if (jsBytes > JS_BUDGET_BYTES)
          result.js.push(`${sample.sld}${sample.path}: ${jsBytes} bytes of JavaScript (gzip)`);
        // The content of these pages is <main>; the shell around it has its own checks.
        const violations = await seriousViolations(page, ['main']);
        for (const violation of violations) result.axe.push(`${sample.sld}${sample.path}: ${violation}`);
      }
      await context.close();
      return result;
    })();
    return browserPass;
  };

  it('axe finds no serious or critical violations in the content', async () => {
    expect((await visitSamples()).axe).toEqual([]);
  }, 150_000);

  it(`each page ships at most ${JS_BUDGET_LABEL} of JavaScript (gzip)`, async () => {
    expect((await visitSamples()).js).toEqual([]);
  }, 150_000);

  it('pages show their content with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const article = samples.find((sample) => sample.path.startsWith('/zh/article/'));
    await page.goto(portal.origin('jmst') + (article?.path ?? ''));
    await expect.poll(() => page.locator('main h1').first().isVisible()).toBe(true);
    expect(await page.locator('.citation-line').textContent()).toContain('[J]');
    expect(await page.locator('meta[name="citation_title"]').count()).toBe(1);
    await page.goto(`${portal.origin('jmst')}/zh/issue/2025/6/`);
    expect(await page.locator('main [data-basket-add]').count()).toBeGreaterThan(0);
    await context.close();
  });
});
