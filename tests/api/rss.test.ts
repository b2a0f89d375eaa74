/**
 * /rc-pub/front/rss: an issue's articles (all of them, in TOC order) or the main journal's latest
 * ones as RSS 2.0, in the request's language, escaped, cached with an ETag; bad input answers the
 * usual envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { row, rows, run, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let bigIssue: number;
let bigIssueCount: number;
let marked: { id: number; doi: string };
let untranslated: { id: number; title: string };
let otherSitePeriod: number;

const ORIGIN = 'http://jmst.localhost:4321';
const MARKED_ZH = 'H<sub>2</sub> 与 Fe & Ni < 5 wt% 的 "氢脆"';
const MARKED_EN = 'Hydrogen & <i>steel</i> < 5 wt% "embrittlement"';

beforeAll(async () => {
  api = await createApiFixture({ articles: 2400 });
  const db = api.demo.db;
  bigIssue = await value(
    db,
    'SELECT p.id FROM periods p JOIN publications pub ON pub.id = p.publication_id WHERE p.site_id = 1 AND p.year = 2025 AND p.issue = 6 ORDER BY pub.id LIMIT 1',
  );
  bigIssueCount = await value(
    db,
    "SELECT COUNT(*) AS n FROM articles WHERE period_id = ? AND status = 'formal'",
    bigIssue,
  );
  const first = await row(
    db,
    "SELECT id, doi FROM articles WHERE period_id = ? AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1",
    bigIssue,
  );
  marked = { id: Number(first?.['id']), doi: String(first?.['doi']) };
  await run(
    db,
    "UPDATE articles SET title = ?, en_title = ?, abstract = ?, en_abstract = ?, keywords = '氢脆;钢 & 合金', en_keywords = 'hydrogen;steel & alloys' WHERE id = ?",
    MARKED_ZH,
    MARKED_EN,
    '<p>摘要：a < b &amp; c</p>',
    '<p>Abstract: a &lt; b & c</p>',
    marked.id,
  );
  const second = await value(
    db,
    "SELECT id FROM articles WHERE period_id = ? AND status = 'formal' AND id <> ? ORDER BY id LIMIT 1",
    bigIssue,
    marked.id,
  );
  untranslated = { id: second, title: '仅有中文题名的文章' };
  await run(db, 'UPDATE articles SET title = ?, en_title = NULL WHERE id = ?', untranslated.title, untranslated.id);
  otherSitePeriod = await value(db, 'SELECT id FROM periods WHERE site_id = 2 ORDER BY id LIMIT 1');
});
afterAll(() => api.cleanup());

/** A small well-formedness check: tags nest and close, text holds no bare '<' or '&'. */
function wellFormedErrors(xml: string): string[] {
  const errors: string[] = [];
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const text = body.slice(last, match.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) errors.push(`bad text: ${text.slice(0, 80)}`);
    last = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) errors.push(`</${name}> closes nothing open`);
  }
  if (body.slice(last).trim() !== '') errors.push('text after the root');
  if (stack.length > 0) errors.push(`unclosed: ${stack.join(' ')}`);
  return errors;
}

const items = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
const itemOf = (xml: string, articleId: number, lang = 'zh') =>
  items(xml).find((item) => item.includes(`<link>${ORIGIN}/${lang}/article/${articleId}/</link>`)) ?? '';
const textsOf = (item: string, tag: string) =>
  [...item.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);
const feed = (query: string, options?: Parameters<ApiFixture['call']>[1]) =>
  api.call(`${apiPaths.rss}?${query}`, options);

describe('the feed of one issue', () => {
  it('lists every article of the 300+ article issue in TOC order as well-formed RSS 2.0', async () => {
    expect(bigIssueCount).toBeGreaterThan(300);
    const response = await feed(`siteId=1&periodId=${bigIssue}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const xml = await response.text();
    expect(wellFormedErrors(xml)).toEqual([]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom" xmlns:dc=/,
    );
    expect(xml).toContain(
      `<atom:link href="${ORIGIN}/rc-pub/front/rss?siteId=1&amp;periodId=${bigIssue}" rel="self" type="application/rss+xml"/>`,
    );
    expect(xml).toContain(`<link>${ORIGIN}/zh/issue/2025/6/</link>`);
    expect(xml).toContain('<language>zh-CN</language>');
    expect(xml).toMatch(/<channel><title>材料科学与技术学报 2025年 第\d+卷 第6期<\/title>/);

    const links = items(xml).map((item) => textsOf(item, 'link')[0]);
    expect(links).toHaveLength(bigIssueCount);
    const toc = (
      await api.json(
        `/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/${bigIssue}?siteId=1&size=1000`,
      )
    ).data as {
      columns: { articles: { id: number }[] }[];
    };
    const tocIds = toc.columns.flatMap((column) => column.articles.map((article) => article.id));
    expect(links).toEqual(tocIds.map((id) => `${ORIGIN}/zh/article/${id}/`));
  });

  it('describes an article with its DOI guid, date, abstract, authors and keywords, escaped', async () => {
    const xml = await (await feed(`siteId=1&periodId=${bigIssue}`)).text();
    const item = itemOf(xml, marked.id);
    expect(textsOf(item, 'title')).toEqual(['H2 与 Fe &amp; Ni &lt; 5 wt% 的 &quot;氢脆&quot;']);
    expect(item).toContain(`<guid isPermaLink="true">https://doi.org/${marked.doi}</guid>`);
    const published = String(
      (await row(api.demo.db, 'SELECT published_date FROM articles WHERE id = ?', marked.id))?.['published_date'],
    );
    expect(textsOf(item, 'pubDate')).toEqual([new Date(`${published}T00:00:00Z`).toUTCString()]);
    expect(textsOf(item, 'pubDate')[0]).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    expect(textsOf(item, 'description')).toEqual(['摘要：a &lt; b &amp; c']);
    const authors = (
      await rows(api.demo.db, 'SELECT name FROM authors WHERE article_id = ? ORDER BY position, id', marked.id)
    ).map((author) => author['name']);
    expect(authors.length).toBeGreaterThan(0);
    expect(textsOf(item, 'dc:creator')).toEqual(authors);
    expect(textsOf(item, 'category')).toEqual(['氢脆', '钢 &amp; 合金']);
    // an article without a DOI is identified by its own URL
    await run(api.demo.db, 'UPDATE articles SET doi = NULL WHERE id = ?', untranslated.id);
    const withoutDoi = itemOf(await (await feed(`siteId=1&periodId=${bigIssue}`)).text(), untranslated.id);
    expect(withoutDoi).toContain(`<guid isPermaLink="true">${ORIGIN}/zh/article/${untranslated.id}/</guid>`);
  });

  it('drops characters XML forbids, so one bad abstract cannot break the feed', async () => {
    await run(
      api.demo.db,
      'UPDATE articles SET abstract = ? WHERE id = ?',
      '响铃\u0007与换页\u000C之后\uD800完好',
      untranslated.id,
    );
    const xml = await (await feed(`siteId=1&periodId=${bigIssue}`)).text();
    expect(wellFormedErrors(xml)).toEqual([]);
    expect(textsOf(itemOf(xml, untranslated.id), 'description')).toEqual(['响铃与换页 之后\uFFFD完好']);
  });

  it('speaks the request language (header, lang query or cookie), falling back to the other language per field', async () => {
    const variants: { query: string; headers: Record<string, string> }[] = [
      { query: '', headers: { language: 'en' } },
      { query: '', headers: { cookie: 'language=en' } },
      { query: '&lang=en', headers: {} },
    ];
    for (const variant of variants) {
      const response = await feed(`siteId=1&periodId=${bigIssue}${variant.query}`, { headers: variant.headers });
      const xml = await response.text();
      expect(wellFormedErrors(xml)).toEqual([]);
      expect(xml).toContain('<language>en</language>');
      expect(xml).toMatch(
        /<channel><title>Journal of Materials Science and Technology, Vol\. \d+, No\. 6, 2025<\/title>/,
      );
      expect(xml).toContain(`<link>${ORIGIN}/en/issue/2025/6/</link>`);
      const item = itemOf(xml, marked.id, 'en');
      expect(textsOf(item, 'title')).toEqual(['Hydrogen &amp; steel &lt; 5 wt% &quot;embrittlement&quot;']);
      expect(textsOf(item, 'description')).toEqual(['Abstract: a &lt; b &amp; c']);
      expect(textsOf(item, 'category')).toEqual(['hydrogen', 'steel &amp; alloys']);
      expect(textsOf(itemOf(xml, untranslated.id, 'en'), 'title')).toEqual([untranslated.title]);
    }
    const zh = await (await feed(`siteId=1&periodId=${bigIssue}`, { headers: { cookie: 'language=fr' } })).text();
    expect(zh).toContain('<language>zh-CN</language>');
  });

  it('is cached for ten minutes with an ETag: 304 when unchanged, a new ETag when the issue or the language changes', async () => {
    const url = `siteId=1&periodId=${bigIssue}`;
    const first = await feed(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await feed(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await again.text()).toBe('');
    const english = await feed(url, { headers: { language: 'en', 'if-none-match': etag } });
    expect(english.status).toBe(200);
    expect(english.headers.get('etag')).not.toBe(etag);
    await run(api.demo.db, 'UPDATE articles SET title = ? WHERE id = ?', `${MARKED_ZH}（修订）`, marked.id);
    const changed = await feed(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('（修订）');
  });
});

describe('the latest feed', () => {
  it('without periodId lists the 50 newest formal and online-first articles of the main journal', async () => {
    const response = await feed('siteId=1', { headers: { language: 'en' } });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(wellFormedErrors(xml)).toEqual([]);
    expect(xml).toContain('<title>Journal of Materials Science and Technology: latest articles</title>');
    expect(xml).toContain(`<link>${ORIGIN}/en/home/</link>`);
    const main = await value(api.demo.db, 'SELECT publication_id AS id FROM publication_configs WHERE site_id = 1');
    const expectedRows = await rows(
      api.demo.db,
      `SELECT id, status FROM articles WHERE site_id = 1 AND publication_id = ? AND status IN ('formal', 'online-first')
       ORDER BY published_date DESC, id DESC LIMIT 50`,
      main,
    );
    const expected = expectedRows.map((article) => `${ORIGIN}/en/article/${article['id']}/`);
    expect(expected).toHaveLength(50);
    expect(items(xml).map((item) => textsOf(item, 'link')[0])).toEqual(expected);
    // both lists feed it
    const statuses = new Set(expectedRows.map((article) => article['status']));
    expect([...statuses].sort()).toEqual(['formal', 'online-first']);
  });
});

describe('bad requests', () => {
  it('answers the JSON envelope: 404 for an unknown or another site’s issue, 400 for bad input, 10001 for closed sites', async () => {
    for (const query of [`siteId=1&periodId=${otherSitePeriod}`, 'siteId=1&periodId=99999999']) {
      const response = await feed(query, { headers: { language: 'en' } });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({ status: 404, message: 'Resource not found', data: null });
    }
    expect(await api.json(`${apiPaths.rss}?siteId=1&periodId=abc`)).toMatchObject({
      status: 400,
      message: '参数错误：periodId',
    });
    expect(await api.json(apiPaths.rss, { sld: null })).toMatchObject({ status: 400, message: '参数错误：siteId' });
    expect(await api.json(`${apiPaths.rss}?siteId=2`)).toMatchObject({ status: 403 });
    for (const siteId of [7, 8])
      expect(await api.json(`${apiPaths.rss}?siteId=${siteId}`, { sld: null })).toMatchObject({ status: 10001 });
    // from a server-to-server origin the other site's issue is that site's own feed
    expect((await feed(`siteId=2&periodId=${otherSitePeriod}`, { sld: null })).status).toBe(200);
  });

  it('is described in the OpenAPI document as an RSS body with ETag, 304 and an error envelope', async () => {
    const doc = (await api.json(apiPaths.openapi)) as unknown as {
      paths: Record<
        string,
        { get?: { parameters: { name: string }[]; responses: Record<string, { content?: Record<string, unknown> }> } }
      >;
    };
    const operation = doc.paths[apiPaths.rss]?.get;
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual([
      'application/rss+xml',
      'application/json',
    ]);
    expect(operation?.responses).toHaveProperty('304');
    expect(operation?.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['siteId', 'periodId', 'If-None-Match']),
    );
    // the PDF download is conditional too (ETag, Last-Modified), so it promises its 304
    expect(doc.paths[apiPaths.articleDownload]?.get?.responses).toHaveProperty('304');
  });
});
