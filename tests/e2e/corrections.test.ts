/**
 * Issue 29 on the running portal: an import retracts one article and corrects another's title and
 * DOI. The retracted article's page shows the notice above the abstract and its issue TOC row the
 * label, as in an album; its PDF, OAI-PMH record and the issue's feed say so too. The corrected article's page says
 * "Corrected on", and its old DOI's URL answers 301 to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedHref } from '../../src/lib/feed-links.ts';
import { importContent } from '../../src/server/import/index.ts';
import { type Portal, startPortal } from './harness.ts';

let portal: Portal;
type Row = { id: number; doi: string; year: number; issue: number; period_id: number };
let retracted: Row;
let corrected: Row;
const NEW_DOI = '10.13475/j.jmst.corrected.2026.001';
const CORRECTED_AT = '2026-11-20T08:00:00.000Z';

/** The TOC row (article-item) that links to the article. */
const rowOf = (html: string, id: number) =>
  [...html.matchAll(/<article class="article-item"[\s\S]*?<\/article>/g)]
    .map((m) => m[0])
    .find((row) => row.includes(`/article/${id}/"`));

beforeAll(async () => {
  portal = await startPortal({ articles: 40 });
  const rows = portal.db
    .prepare(
      "SELECT a.id, a.doi, p.year, p.issue, a.period_id FROM articles a JOIN periods p ON p.id = a.period_id JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' AND a.status = 'formal' AND a.doi IS NOT NULL ORDER BY a.id LIMIT 2",
    )
    .all() as unknown as Row[];
  [retracted, corrected] = rows as [Row, Row];
  await importContent(
    portal.db,
    {
      site: { sld: 'jmst' },
      articles: [
        {
          doi: retracted.doi,
          notice: {
            kind: 'retracted',
            date: '2026-11-15',
            reason: 'Duplicated figures',
            noticeDoi: '10.13475/j.jmst.notice.2026.001',
          },
        },
        { previousDoi: corrected.doi, doi: NEW_DOI, title: '更正后的标题：高熵合金的疲劳行为' },
      ],
    },
    CORRECTED_AT,
    null,
    'corrections.json',
  );
});
afterAll(async () => portal?.close());

describe('a retracted article', () => {
  it('keeps its page, which shows the notice above the abstract, in both languages', async () => {
    const zh = await portal.request('jmst', `/zh/article/${retracted.id}/`);
    expect(zh.status).toBe(200);
    const notice = zh.body.indexOf('article-notice article-notice--retracted');
    expect(notice).toBeGreaterThan(0);
    expect(zh.body).toContain('本文已撤稿');
    expect(zh.body).toContain('Duplicated figures');
    expect(zh.body).toContain('https://doi.org/10.13475/j.jmst.notice.2026.001');
    expect(notice).toBeLessThan(zh.body.indexOf('article-detail__abstract'));
    expect(zh.body).toMatch(
      /<meta name="DC\.relation" content="https:\/\/doi\.org\/10\.13475\/j\.jmst\.notice\.2026\.001"/,
    );
    const en = await portal.request('jmst', `/en/article/${retracted.id}/`);
    expect(en.body).toContain('This article has been retracted');
    expect(en.body).toContain('Date: 2026-11-15');
  });

  it('is labelled in its issue’s table of contents', async () => {
    const toc = await portal.request('jmst', `/zh/issue/${retracted.year}/${retracted.issue}/`);
    expect(toc.status).toBe(200);
    const row = rowOf(toc.body, retracted.id);
    expect(row).toBeDefined();
    expect(row).toMatch(/data-notice="retracted"[^>]*>撤稿</);
    expect(rowOf(toc.body, corrected.id) ?? '').not.toContain('data-notice');
    const en = await portal.request('jmst', `/en/issue/${retracted.year}/${retracted.issue}/`);
    expect(rowOf(en.body, retracted.id)).toMatch(/>Retracted</);
  });

  it('is labelled in an album that gathers it', async () => {
    const album = Number(
      portal.db
        .prepare(
          "SELECT al.id FROM albums al JOIN sites s ON s.id = al.site_id WHERE s.sld = 'jmst' ORDER BY al.id LIMIT 1",
        )
        .get()?.['id'],
    );
    portal.db
      .prepare("INSERT INTO album_items (album_id, resource_type, resource_id, position) VALUES (?, 'article', ?, 999)")
      .run(album, retracted.id);
    for (const [lang, label] of [
      ['zh', '撤稿'],
      ['en', 'Retracted'],
    ] as const) {
      const page = await portal.request('jmst', `/${lang}/collections/${album}/`);
      expect(page.status).toBe(200);
      const item = [...page.body.matchAll(/<li\b[^>]*>(?:(?!<\/li>)[\s\S])*<\/li>/g)]
        .map((m) => m[0])
        .find((li) => li.includes(`/${lang}/article/${retracted.id}/"`));
      expect(item).toMatch(new RegExp(`data-notice="retracted"[^>]*>${label}<`));
    }
  });

  it('is labelled among search hits', async () => {
    const results = await portal.request(
      'jmst',
      `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent(retracted.doi)}&lang=en`,
    );
    expect(results.status).toBe(200);
    const hit = [...results.body.matchAll(/<li class="search-hit"[\s\S]*?<\/li>/g)]
      .map((m) => m[0])
      .find((li) => li.includes(`/en/article/${retracted.id}/`));
    expect(hit).toMatch(/data-notice="retracted"[^>]*>Retracted</);
  });

  it('still serves its PDF, the notice printed first; OAI-PMH and the issue feed carry the status', async () => {
    const pdf = await portal.request('jmst', `/rc-pub/front/front-article/download?id=${retracted.id}&attachType=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.bytes.toString('latin1');
    expect(text).toContain('(Retracted 2026-11-15: Duplicated figures)');
    expect(text.indexOf('Retracted 2026-11-15')).toBeLessThan(text.indexOf('Abstract'));

    const oai = await portal.request(
      'jmst',
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:www.jmst-demo.org:article/${retracted.id}`,
    );
    expect(oai.body).toContain(
      '<dc:description xml:lang="en">Retracted 2026-11-15: Duplicated figures</dc:description>',
    );
    expect(oai.body).toContain('<dc:relation>https://doi.org/10.13475/j.jmst.notice.2026.001</dc:relation>');
    expect(oai.body).toContain(`<datestamp>${CORRECTED_AT.slice(0, 19)}Z</datestamp>`);

    const feed = await portal.request('jmst', feedHref('rss', 'en', { periodId: retracted.period_id }));
    expect(feed.status).toBe(200);
    expect(feed.body).toMatch(/<title>\[Retracted\] [^<]+<\/title>/);
    expect(feed.body).toContain('<category>Retracted</category>');
  });
});

describe('a corrected article', () => {
  it('says “Corrected on” with what changed', async () => {
    const en = await portal.request('jmst', `/en/article/${corrected.id}/`);
    expect(en.status).toBe(200);
    expect(en.body).toContain('Corrected on 2026-11-20');
    expect(en.body).toContain('Changed: title, DOI');
    const zh = await portal.request('jmst', `/zh/article/${corrected.id}/`);
    expect(zh.body).toContain('更正于 2026-11-20');
    expect(zh.body).toContain('更正后的标题：高熵合金的疲劳行为');
    expect(zh.body).toContain(NEW_DOI);
  });

  it('is reached from its old DOI’s URL by a permanent redirect; the new DOI’s URL shows it', async () => {
    const old = await portal.request('jmst', `/zh/article/doi/${corrected.doi}/`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(`/zh/article/${corrected.id}/`);
    // the rc-pub API's by-DOI call answers the article, its doi field the current one
    const api = await portal.request(
      'jmst',
      `/rc-pub/front/front-article/doi?doi=${encodeURIComponent(corrected.doi)}`,
    );
    expect(JSON.parse(api.body)).toMatchObject({ status: 0, data: { id: corrected.id, doi: NEW_DOI } });
    const current = await portal.request('jmst', `/en/article/doi/${NEW_DOI}/`);
    expect(current.status).toBe(200);
    expect(current.body).toContain('Corrected on 2026-11-20');
  });
});

describe('a corrected news item and issue', () => {
  it('the news item says “Corrected on” with what changed, and its old title is nowhere on its page', async () => {
    const news = (title: string, at: string) =>
      importContent(
        portal.db,
        {
          site: { sld: 'jmst' },
          news: [
            { key: 'corrected-news', type: 'announcement', title, publishedAt: '2026-11-01', content: '<p>正文</p>' },
          ],
        },
        at,
        null,
        'news.json',
      );
    await news('征稿通知：初版标题', '2026-11-02T08:00:00.000Z');
    await news('征稿通知：更正后的标题', '2026-11-21T08:00:00.000Z');
    const id = Number(portal.db.prepare("SELECT id FROM news WHERE import_key = 'corrected-news'").get()?.['id']);
    const zh = await portal.request('jmst', `/zh/newsDetails/${id}/`);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain('征稿通知：更正后的标题');
    expect(zh.body).toContain('更正于 2026-11-21');
    expect(zh.body).toContain('更正内容：标题');
    expect(zh.body).not.toContain('初版标题');
    const en = await portal.request('jmst', `/en/newsDetails/${id}/`);
    expect(en.body).toContain('Corrected on 2026-11-21');
    expect(en.body).toContain('Changed: title');
    expect(en.body).not.toContain('初版标题');
  });

  it('the issue’s table of contents says “Corrected on” when its volume changed', async () => {
    const period = portal.db
      .prepare(
        'SELECT p.volume, pub.issn FROM periods p JOIN publications pub ON pub.id = p.publication_id WHERE p.id = ?',
      )
      .get(corrected.period_id);
    await importContent(
      portal.db,
      {
        site: { sld: 'jmst' },
        periods: [
          {
            issn: String(period?.['issn']),
            year: corrected.year,
            issue: corrected.issue,
            volume: Number(period?.['volume']) + 100,
          },
        ],
      },
      '2026-11-22T08:00:00.000Z',
      null,
      'issue.json',
    );
    const en = await portal.request('jmst', `/en/issue/${corrected.year}/${corrected.issue}/`);
    expect(en.status).toBe(200);
    expect(en.body).toContain('Corrected on 2026-11-22');
    expect(en.body).toContain('Changed: volume');
    const zh = await portal.request('jmst', `/zh/issue/${corrected.year}/${corrected.issue}/`);
    expect(zh.body).toContain('更正于 2026-11-22');
    expect(zh.body).toContain('更正内容：卷');
  });
});
