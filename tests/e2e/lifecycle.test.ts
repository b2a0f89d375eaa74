/**
 * Issue 29 against the real running server: an article imported with a publish time a few seconds
 * ahead is nowhere (page 404, search, feed, OAI-PMH), then appears on its page, in search and in
 * the feed with nobody acting; a removed article's page (by id and by DOI) and PDF answer 410 with the notice and
 * OAI-PMH reports it deleted; a signed preview link opens a scheduled article (noindex, no-store),
 * an expired or forged one answers 404 in the page's language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { importContent } from '../../src/server/import/index.ts';
import { previewToken } from '../../src/server/preview-link.ts';
import { type Portal, startPortal } from './harness.ts';

const SECRET = 'e2e-preview-secret-of-at-least-32-chars';
type Json = { site: { sld: string }; periods: unknown[]; articles: Record<string, unknown>[]; news: unknown[] };
const fixture = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-scheduling.json'), 'utf8')) as Json;

let portal: Portal;
let siteId: number;
const idOf = (doi: string) => Number(portal.db.prepare('SELECT id FROM articles WHERE doi = ?').get(doi)?.['id']);

beforeAll(async () => {
  portal = await startPortal({ articles: 20, env: { PREVIEW_SECRET: SECRET } });
  await importContent(portal.db, fixture());
  siteId = Number(portal.db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
});
afterAll(() => portal?.close());

const get = (path: string) => portal.request('jos', path);

describe('scheduled, removed and previewed articles on the running server', () => {
  it('an article scheduled a few seconds ahead appears on its page, in search and in the feed without anyone acting', async () => {
    const file = fixture();
    const [template] = file.articles;
    // the first render loads the renderer: not part of what is measured here
    expect((await get(`/en/article/${idOf('10.3788/AOS.2026.01.101')}/`)).status).toBe(200);
    const publishAt = new Date(Date.now() + 8000).toISOString();
    await importContent(portal.db, {
      ...file,
      periods: [],
      news: [],
      articles: [
        {
          ...template,
          doi: '10.3788/AOS.2026.01.301',
          title: '几秒后发布的光栅论文',
          enTitle: 'Grating paper published in seconds',
          enKeywords: ['grating'],
          publishAt,
        },
      ],
    });
    const id = idOf('10.3788/AOS.2026.01.301');
    const page = () => get(`/en/article/${id}/`);
    const search = async () =>
      JSON.parse((await get(`${apiPaths.search}?siteId=${siteId}&q=grating`)).body) as { data: { total: number } };
    const feed = async () => (await get(`${apiPaths.rss}?siteId=${siteId}&lang=en`)).body;

    expect((await page()).status).toBe(404);
    expect((await search()).data.total).toBe(0);
    expect(await feed()).not.toContain('Grating paper published in seconds');
    expect(Date.now()).toBeLessThan(Date.parse(publishAt));

    await expect.poll(async () => (await page()).status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect((await page()).body).toContain('Grating paper published in seconds');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    await expect.poll(async () => (await search()).data.total, { timeout: 5000 }).toBe(1);
    await expect.poll(feed, { timeout: 5000 }).toContain('Grating paper published in seconds');
  });

  it('a removed article answers 410 with the notice, its PDF too, and OAI-PMH reports a deleted record', async () => {
    const id = idOf('10.3788/AOS.2026.01.105');
    const en = await get(`/en/article/${id}/`);
    expect(en.status).toBe(410);
    expect(en.body).toContain('This article was removed on 2026-10-01 for legal reasons: 法院判决 / court order');
    expect(en.body).not.toContain('Paper removed for legal reasons');
    const zh = await get(`/zh/article/${id}/`);
    expect(zh.status).toBe(410);
    expect(zh.body).toContain('本文已于 2026-10-01 因法律原因撤除');
    const byDoi = await get('/en/article/doi/10.3788/aos.2026.01.105/');
    expect(byDoi.status).toBe(410);
    expect(byDoi.body).toContain('This article was removed on 2026-10-01 for legal reasons: 法院判决 / court order');
    expect(byDoi.body).not.toContain('Paper removed for legal reasons');
    const pdf = await get(`/en/article/${id}/article.pdf`);
    expect(pdf.status).toBe(410);
    expect(pdf.headers['content-type']).toContain('text/html');

    const identify = await get('/oai?verb=Identify');
    expect(identify.body).toContain('<deletedRecord>persistent</deletedRecord>');
    const list = await get('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc');
    expect(list.body).toMatch(new RegExp(`<header status="deleted"><identifier>oai:[^<]+:article/${id}</identifier>`));
    expect(list.body).not.toMatch(new RegExp(`article/${idOf('10.3788/AOS.2026.01.102')}<`));
  });

  it('a signed preview link opens a scheduled article, never cached or indexed; an expired or forged one answers 404', async () => {
    const id = idOf('10.3788/AOS.2026.01.102');
    expect((await get(`/en/article/${id}/`)).status).toBe(404);
    const token = previewToken(SECRET, { siteId, articleId: id }, new Date(Date.now() + 3_600_000));
    const preview = await get(`/en/preview/article/${id}/?token=${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('Scheduled metasurface paper');
    expect(preview.body).toContain('Preview: this article is not public yet.');
    expect(preview.body).toContain('<meta name="robots" content="noindex"');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.headers['cache-control']).toBe('no-store');

    const expired = previewToken(SECRET, { siteId, articleId: id }, new Date(Date.now() - 1000));
    const forged = previewToken(
      'not-the-server-secret-but-32-chars-long',
      { siteId, articleId: id },
      new Date(Date.now() + 3_600_000),
    );
    for (const bad of [expired, forged, '']) {
      const answer = await get(`/zh/preview/article/${id}/?token=${bad}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('此预览链接已过期或无效。');
      expect(answer.body).not.toContain('定时发布的超表面论文');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain('/preview/');
  });

  it('signed preview links open a scheduled news item and a scheduled issue; expired or forged ones answer 404', async () => {
    const newsId = Number(
      portal.db.prepare("SELECT id FROM news WHERE en_title = 'News from the future'").get()?.['id'],
    );
    const issueId = Number(
      portal.db.prepare('SELECT id FROM periods WHERE site_id = ? AND year = 2099').get(siteId)?.['id'],
    );
    expect((await get(`/en/newsDetails/${newsId}/`)).status).toBe(404);
    expect((await get('/en/issue/2099/1/')).status).toBe(404);
    const cases = [
      {
        path: `/en/preview/news/${newsId}/`,
        item: { kind: 'news', id: newsId } as const,
        shows: 'News from the future',
        notice: 'Preview: this news item is not public yet.',
      },
      {
        path: `/en/preview/issue/${issueId}/`,
        item: { kind: 'issue', id: issueId } as const,
        shows: 'Paper of a future issue',
        notice: 'Preview: this issue is not public yet.',
      },
    ];
    for (const { path, item, shows, notice } of cases) {
      const token = previewToken(SECRET, { siteId, ...item }, new Date(Date.now() + 3_600_000));
      const preview = await get(`${path}?token=${token}`);
      expect(preview.status, path).toBe(200);
      expect(preview.body).toContain(shows);
      expect(preview.body).toContain(notice);
      expect(preview.body).toContain('<meta name="robots" content="noindex"');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(preview.headers['cache-control']).toBe('no-store');

      const expired = previewToken(SECRET, { siteId, ...item }, new Date(Date.now() - 1000));
      const forged = previewToken(
        'not-the-server-secret-but-32-chars-long',
        { siteId, ...item },
        new Date(Date.now() + 3_600_000),
      );
      const otherKind = previewToken(SECRET, { siteId, articleId: item.id }, new Date(Date.now() + 3_600_000));
      for (const bad of [expired, forged, otherKind, '']) {
        const answer = await get(`${path.replace('/en/', '/zh/')}?token=${bad}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toContain('此预览链接已过期或无效。');
        expect(answer.body).not.toContain(shows);
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
  });
  it("a retracted article's PDF link carries the notice label, and the PDF answer links to the notice", async () => {
    const id = idOf('10.3788/AOS.2026.01.101');
    portal.db
      .prepare(
        "UPDATE articles SET notice_kind = 'retracted', notice_date = '2026-05-01', notice_reason = 'data fabrication', notice_doi = NULL WHERE id = ?",
      )
      .run(id);
    const page = await get(`/en/article/${id}/`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/class="article-detail__pdf"[^>]*>(Full text PDF|Summary sheet \(PDF\)) \(Retracted\)</);
    expect((await get(`/zh/article/${id}/`)).body).toMatch(
      /class="article-detail__pdf"[^>]*>(PDF全文|摘要页 PDF)（撤稿）</,
    );
    const pdf = await get(`/en/article/${id}/article.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['link']).toContain(`/article/${id}/>; rel="describedby"`);
  });
});
