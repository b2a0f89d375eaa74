/**
 * Content pages end to end: every route family on jmst (single) and cpg (group) in zh and en,
 * checked against the seeded database, plus 404/error/forbidden pages, the scholarly metadata and
 * the non-prefixed query pages. Plain HTTP through the real server (pages render without JS).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RANKING_PERIOD } from '../../src/lib/constants.ts';
import { rankingFromDay } from '../../src/lib/ranking.ts';
import { type Portal, startPortal } from './harness.ts';
import { count, decodeHtml, hrefs, htmlLang, jsonLdOfType, mainText, metaValues, titleOf } from './pages-html.ts';

type Row = Record<string, unknown>;
let portal: Portal;

beforeAll(async () => {
  // 3,200 articles put 320 into jmst's issue 2025/6, the 300+ article issue of the brief.
  portal = await startPortal({ articles: 3200 });
});
afterAll(() => portal?.close());

const rows = (sql: string, ...args: (string | number)[]): Row[] => portal.db.prepare(sql).all(...args) as Row[];
const row = (sql: string, ...args: (string | number)[]): Row => {
  const found = portal.db.prepare(sql).get(...args) as Row | undefined;
  if (!found) throw new Error(`no row for ${sql}`);
  return found;
};
const s = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const n = (value: unknown): number => Number(value);
/** the text a page shows for a bilingual pair (the language's value, else the other one), tags removed */
const pickText = (lang: string, zh: unknown, en: unknown): string => {
  const primary = s(lang === 'en' ? en : zh).trim() || s(lang === 'en' ? zh : en).trim();
  return decodeHtml(primary.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
};
const get = async (sld: string, path: string, headers: Record<string, string> = {}) =>
  portal.request(sld, path, { headers });

const SITES = [
  { sld: 'jmst', id: 1 },
  { sld: 'cpg', id: 2 },
] as const;
const LANGS = ['zh', 'en'] as const;

describe.each(SITES)('$sld', ({ sld, id: siteId }) => {
  describe.each(LANGS)('%s', (lang) => {
    it('home: site name, html lang and the home modules with real content', async () => {
      const res = await get(sld, `/${lang}/home/`);
      expect(res.status).toBe(200);
      expect(htmlLang(res.body)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
      const site = row('SELECT name, en_name FROM sites WHERE id = ?', siteId);
      expect(titleOf(res.body)).toContain(pickText(lang, site['name'], site['en_name']));
      const text = mainText(res.body);
      for (const module of rows(
        "SELECT name, en_name FROM modules WHERE site_id = ? AND type IN ('latestIssue', 'onlineFirst', 'mostRead', 'news')",
        siteId,
      )) {
        expect(text).toContain(pickText(lang, module['name'], module['en_name']));
      }
      // the most-read module ranks the views of the default period, summed from the counts per day
      const mostRead = row(
        `SELECT a.title, a.en_title FROM article_daily_counts d JOIN articles a ON a.id = d.article_id
         WHERE d.site_id = ? AND a.status <> 'draft' AND d.day >= '${rankingFromDay(DEFAULT_RANKING_PERIOD, new Date())}'
         GROUP BY d.article_id ORDER BY SUM(d.views) DESC, d.article_id LIMIT 1`,
        siteId,
      );
      expect(text).toContain(pickText(lang, mostRead['title'], mostRead['en_title']));
      const news = row(
        'SELECT title, en_title FROM news WHERE site_id = ? ORDER BY published_at DESC, id DESC LIMIT 1',
        siteId,
      );
      expect(text).toContain(pickText(lang, news['title'], news['en_title']));
      expect(res.body).toContain(`<link rel="canonical" href="https://`);
      expect(res.body).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/en\/home\/"/);
    });

    it('issue TOC: every article of the issue with authors, pages, DOI and PDF links, prev/next', async () => {
      const period = row(
        `SELECT p.id, p.year, p.issue, p.volume, COUNT(a.id) AS total FROM periods p JOIN articles a ON a.period_id = p.id AND a.status = 'formal'
         WHERE p.site_id = ? GROUP BY p.id HAVING total <= 50 ORDER BY total DESC, p.id LIMIT 1`,
        siteId,
      );
      // Issues of the site's own journal have the plain URL; a group's other journals add ?journal=.
      const primary = n(
        row('SELECT publication_id FROM publication_configs WHERE site_id = ?', siteId)['publication_id'],
      );
      const journal = n(row('SELECT publication_id FROM periods WHERE id = ?', n(period['id']))['publication_id']);
      const query = journal === primary ? '' : `?journal=${journal}`;
      const res = await get(sld, `/${lang}/issue/${s(period['year'])}/${s(period['issue'])}/${query}`);
      expect(res.status).toBe(200);
      const articles = rows(
        "SELECT id, title, en_title, doi FROM articles WHERE period_id = ? AND status = 'formal'",
        n(period['id']),
      );
      expect(articles.length).toBe(n(period['total']));
      expect(count(res.body, 'data-basket-add')).toBe(articles.length);
      const text = mainText(res.body);
      expect(text).toContain(lang === 'zh' ? `共 ${articles.length} 篇` : `${articles.length} articles`);
      const links = hrefs(res.body);
      for (const article of articles) {
        expect(text).toContain(pickText(lang, article['title'], article['en_title']));
        expect(links).toContain(`/${lang}/article/${s(article['id'])}/`);
        if (article['doi']) expect(links).toContain(`https://doi.org/${s(article['doi'])}`);
      }
      const first = articles[0];
      const author = row(
        'SELECT name, en_name FROM authors WHERE article_id = ? ORDER BY position LIMIT 1',
        n(first?.['id']),
      );
      expect(text).toContain(pickText(lang, author['name'], author['en_name']));
      expect(links.some((href) => href.includes('/rc-pub/front/front-article/download'))).toBe(true);
      expect(
        links.some(
          (href) => /\/issue\/\d+\/\d+\/$/.test(href) && !href.endsWith(`/${s(period['year'])}/${s(period['issue'])}/`),
        ),
      ).toBe(true);
    });

    it('article: both titles, authors, institutions, DOI, citation line, Highwire, Dublin Core and JSON-LD match the store', async () => {
      const article = row(
        `SELECT a.*, p.year, p.volume, p.issue, pub.name AS journal, pub.en_name AS en_journal, pub.issn
         FROM articles a JOIN periods p ON p.id = a.period_id JOIN publications pub ON pub.id = a.publication_id
         WHERE a.site_id = ? AND a.status = 'formal' AND a.doi IS NOT NULL AND a.en_title IS NOT NULL
           AND (SELECT COUNT(*) FROM authors WHERE article_id = a.id) >= 2 ORDER BY a.id LIMIT 1`,
        siteId,
      );
      const id = n(article['id']);
      const res = await get(sld, `/${lang}/article/${id}/`);
      expect(res.status).toBe(200);
      const text = mainText(res.body);
      const ownLang = s(article['language']) as 'zh' | 'en';
      expect(text).toContain(pickText('zh', article['title'], null));
      expect(text).toContain(pickText('en', null, article['en_title']));
      const authors = rows(
        'SELECT name, en_name, institution_positions FROM authors WHERE article_id = ? ORDER BY position',
        id,
      );
      for (const author of authors) expect(text).toContain(pickText(lang, author['name'], author['en_name']));
      const institutions = rows('SELECT name, en_name FROM institutions WHERE article_id = ? ORDER BY position', id);
      for (const institution of institutions)
        expect(text).toContain(pickText(lang, institution['name'], institution['en_name']));
      expect(hrefs(res.body)).toContain(`https://doi.org/${s(article['doi'])}`);
      expect(text).toContain(lang === 'zh' ? '[J]' : `(${s(article['year'])})`);

      // Highwire: in the article's own language
      expect(metaValues(res.body, 'citation_title')).toEqual([
        pickText(ownLang, article['title'], article['en_title']),
      ]);
      expect(metaValues(res.body, 'citation_author')).toEqual(
        authors.map((a) => pickText(ownLang, a['name'], a['en_name'])),
      );
      expect(metaValues(res.body, 'citation_author_institution').length).toBeGreaterThanOrEqual(1);
      expect(metaValues(res.body, 'citation_journal_title')).toEqual([
        pickText(ownLang, article['journal'], article['en_journal']),
      ]);
      expect(metaValues(res.body, 'citation_issn')).toContain(s(article['issn']));
      expect(metaValues(res.body, 'citation_volume')).toEqual([s(article['volume'])]);
      expect(metaValues(res.body, 'citation_issue')).toEqual([s(article['issue'])]);
      expect(metaValues(res.body, 'citation_firstpage')).toEqual([s(article['first_page'])]);
      expect(metaValues(res.body, 'citation_lastpage')).toEqual([s(article['last_page'])]);
      expect(metaValues(res.body, 'citation_doi')).toEqual([s(article['doi'])]);
      expect(metaValues(res.body, 'citation_publication_date')).toEqual([
        s(article['published_date']).slice(0, 10).replaceAll('-', '/'),
      ]);
      expect(metaValues(res.body, 'citation_language')).toEqual([ownLang]);
      // the PDF beside the abstract page (Google Scholar), which the page's own PDF link names too
      const [pdf] = metaValues(res.body, 'citation_pdf_url');
      expect(pdf).toMatch(new RegExp(`^https?://[^/]+/${lang}/article/${id}/article-${id}\\.pdf$`));
      expect(hrefs(res.body)).toContain(new URL(pdf ?? '').pathname);
      const references = rows('SELECT text FROM article_references WHERE article_id = ? ORDER BY position', id);
      expect(metaValues(res.body, 'citation_reference')).toHaveLength(references.length);
      expect(metaValues(res.body, 'DC.creator')).toEqual(
        authors.map((a) => pickText(ownLang, a['name'], a['en_name'])),
      );
      expect(metaValues(res.body, 'DC.identifier')).toContain(`https://doi.org/${s(article['doi'])}`);

      const ld = jsonLdOfType(res.body, 'ScholarlyArticle');
      expect(ld?.['headline']).toBe(pickText(ownLang, article['title'], article['en_title']));
      expect(((ld?.['author'] ?? []) as { name: string }[]).map((a) => a.name)).toEqual(
        authors.map((a) => pickText(ownLang, a['name'], a['en_name'])),
      );
      expect(ld?.['identifier']).toEqual({ '@type': 'PropertyValue', propertyID: 'DOI', value: s(article['doi']) });
      expect(ld?.['pageStart']).toBe(s(article['first_page']));
      const crumbs = jsonLdOfType(res.body, 'BreadcrumbList')?.['itemListElement'] as { item: string }[];
      expect(crumbs.at(-1)?.item).toMatch(new RegExp(`/${lang}/article/${id}/$`));

      // the DOI route shows the same article with the id page as canonical
      const byDoi = await get(sld, `/${lang}/article/doi/${s(article['doi'])}/`);
      expect(byDoi.status).toBe(200);
      expect(metaValues(byDoi.body, 'citation_doi')).toEqual([s(article['doi'])]);
      expect(byDoi.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/${lang}/article/${id}/"`));
    });

    it('online first and just accepted: the site’s articles, newest first, with version labels', async () => {
      for (const [path, status] of [
        ['onlineFirst', 'online-first'],
        ['justAccepted', 'just-accepted'],
      ] as const) {
        const res = await get(sld, `/${lang}/${path}/`);
        expect(res.status).toBe(200);
        const total = n(
          row('SELECT COUNT(*) AS n FROM articles WHERE site_id = ? AND status = ?', siteId, status)['n'],
        );
        const text = mainText(res.body);
        expect(text).toContain(lang === 'zh' ? `共 ${total} 篇` : `${total} articles`);
        expect(count(res.body, 'data-basket-add')).toBe(Math.min(total, 20));
        const newest = row(
          'SELECT title, en_title, version FROM articles WHERE site_id = ? AND status = ? ORDER BY published_date DESC, id DESC LIMIT 1',
          siteId,
          status,
        );
        expect(text).toContain(pickText(lang, newest['title'], newest['en_title']));
        if (status === 'just-accepted' && n(newest['version']) === -1)
          expect(text).toContain(lang === 'zh' ? '最新录用' : 'Accept');
      }
    });

    it('journal about page and listing: ISSN, CN, sponsor, indexed-in list and Periodical JSON-LD', async () => {
      const publications = rows('SELECT * FROM publications WHERE site_id = ? ORDER BY sort_order, id', siteId);
      const publication = publications[0] ?? {};
      const res = await get(sld, `/${lang}/about/${s(publication['id'])}/`);
      expect(res.status).toBe(200);
      const text = mainText(res.body);
      expect(text).toContain(s(publication['issn']));
      expect(text).toContain(s(publication['cn']));
      expect(text).toContain(pickText(lang, publication['sponsor'], publication['en_sponsor']));
      const indexed = s(row('SELECT indexed FROM basic_infos WHERE site_id = ?', siteId)['indexed'])
        .split(/[;；]/)
        .filter(Boolean);
      for (const entry of indexed) expect(text).toContain(entry.trim());
      expect(jsonLdOfType(res.body, 'Periodical')?.['issn']).toContain(s(publication['issn']));

      const listing = await get(sld, `/${lang}/mag/`);
      expect(listing.status).toBe(200);
      for (const p of publications) expect(mainText(listing.body)).toContain(pickText(lang, p['name'], p['en_name']));
    });

    it('news: tabs, paged list, detail with siblings, news channel; external news links out', async () => {
      const list = await get(sld, `/${lang}/news/`);
      expect(list.status).toBe(200);
      const newest = row(
        'SELECT id, title, en_title FROM news WHERE site_id = ? ORDER BY published_at DESC, id DESC LIMIT 1',
        siteId,
      );
      expect(mainText(list.body)).toContain(pickText(lang, newest['title'], newest['en_title']));
      for (const tab of lang === 'zh'
        ? ['资讯', '公告', '动态', '声明']
        : ['Information', 'Announcement', 'Dynamic', 'Statement'])
        expect(mainText(list.body)).toContain(tab);

      const announcement = await get(sld, `/${lang}/news/?type=announcement`);
      expect(announcement.status).toBe(200);
      const announcements = rows(
        "SELECT title, en_title FROM news WHERE site_id = ? AND type = 'announcement'",
        siteId,
      );
      for (const item of announcements.slice(0, 20))
        expect(mainText(announcement.body)).toContain(pickText(lang, item['title'], item['en_title']));
      const others = rows("SELECT title, en_title FROM news WHERE site_id = ? AND type = 'statement'", siteId);
      for (const item of others)
        expect(mainText(announcement.body)).not.toContain(pickText(lang, item['title'], item['en_title']));

      const external = rows(
        "SELECT source_link FROM news WHERE site_id = ? AND (original = 2 OR news_data_type = 'wechat') AND source_link LIKE 'http%'",
        siteId,
      );
      const allItems = await get(sld, `/${lang}/news/?page=1`);
      if (external.length > 0)
        expect(hrefs(allItems.body).some((href) => external.some((e) => e['source_link'] === href))).toBe(true);

      const item = row(
        "SELECT id, title, en_title, channel_id FROM news WHERE site_id = ? AND original <> 2 AND news_data_type <> 'wechat' ORDER BY id LIMIT 1",
        siteId,
      );
      const detail = await get(sld, `/${lang}/newsDetails/${s(item['id'])}/`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatch(/<h1[^>]*>/);
      expect(mainText(detail.body)).toContain(pickText(lang, item['title'], item['en_title']));
      const alias = await get(sld, `/${lang}/news/${s(item['id'])}/`);
      expect(alias.status).toBe(301);
      expect(alias.headers['location']).toBe(`/${lang}/newsDetails/${s(item['id'])}/`);
      const channel = row("SELECT id, name, en_name FROM channels WHERE site_id = ? AND code = 'newNews'", siteId);
      const info = await get(sld, `/${lang}/newsInfo/${s(channel['id'])}/0/`);
      expect(info.status).toBe(200);
      expect(mainText(info.body)).toContain(pickText(lang, channel['name'], channel['en_name']));
    });

    it('albums: the album channel lists its albums, an album lists its items', async () => {
      const album = row(
        'SELECT id, channel_id, name, en_name FROM albums WHERE site_id = ? AND channel_id IS NOT NULL ORDER BY id LIMIT 1',
        siteId,
      );
      const list = await get(sld, `/${lang}/collectionList/${s(album['channel_id'])}/`);
      expect(list.status).toBe(200);
      for (const a of rows(
        'SELECT name, en_name FROM albums WHERE site_id = ? AND channel_id = ?',
        siteId,
        n(album['channel_id']),
      )) {
        expect(mainText(list.body)).toContain(pickText(lang, a['name'], a['en_name']));
      }
      const detail = await get(sld, `/${lang}/collections/${s(album['id'])}/`);
      expect(detail.status).toBe(200);
      expect(mainText(detail.body)).toContain(pickText(lang, album['name'], album['en_name']));
      const items = n(row('SELECT COUNT(*) AS n FROM album_items WHERE album_id = ?', n(album['id']))['n']);
      expect(count(detail.body, 'album-detail__type"')).toBe(items);
    });

    it('editorial board (menu channel id or topic id): experts paged by 10, the first preselected; an expert on page 2 by id', async () => {
      const channel = row("SELECT id FROM channels WHERE site_id = ? AND code = 'editorial'", siteId);
      const topic = row(
        'SELECT id FROM editorial_topics WHERE site_id = ? AND channel_id = ? ORDER BY id LIMIT 1',
        siteId,
        n(channel['id']),
      );
      const experts = rows(
        'SELECT id, name, en_name FROM experts WHERE topic_id = ? ORDER BY sort_order, id',
        n(topic['id']),
      );
      expect(experts.length).toBeGreaterThan(10);
      for (const boardId of [channel['id'], topic['id']]) {
        const res = await get(sld, `/${lang}/editorial-board/${s(boardId)}/`);
        expect(res.status).toBe(200);
        const list = /class="expert-board__list"[\s\S]*?<\/ul>/.exec(res.body)?.[0] ?? '';
        const selected = [
          ...list.matchAll(/<a href="[^"]*\/editorial-board\/\d+\/\d+\/[^"]*"( aria-current="true")?/g),
        ];
        expect(selected.length).toBe(10);
        expect(selected[0]?.[1]).toBe(' aria-current="true"');
        const first = experts[0] ?? {};
        expect(res.body).toMatch(new RegExp(`<h2[^>]*>${pickText(lang, first['name'], first['en_name'])}</h2>`));
      }
      const eleventh = experts[10] ?? {};
      const chosen = await get(sld, `/${lang}/editorial-board/${s(channel['id'])}/${s(eleventh['id'])}/`);
      expect(chosen.status).toBe(200);
      expect(chosen.body).toMatch(new RegExp(`<h2[^>]*>${pickText(lang, eleventh['name'], eleventh['en_name'])}</h2>`));
      expect(mainText(chosen.body)).toContain(lang === 'zh' ? '第 2 / ' : 'Page 2 of');
      expect((await get(sld, `/${lang}/editorial-board/${s(channel['id'])}/99999999/`)).status).toBe(404);
    });

    it('channel pages: an item channel by id and by route, the science channel by code', async () => {
      const item = row(
        "SELECT id, route, name, en_name FROM channels WHERE site_id = ? AND code = 'item' AND route IS NOT NULL AND enable = '1' LIMIT 1",
        siteId,
      );
      for (const path of [`/${lang}/info/${s(item['id'])}/`, `/${lang}/${s(item['route'])}/`]) {
        const res = await get(sld, path);
        expect(res.status).toBe(200);
        expect(mainText(res.body)).toContain(pickText(lang, item['name'], item['en_name']));
      }
      const science = await get(sld, `/${lang}/science/`);
      expect(science.status).toBe(200);
      const channel = row(
        "SELECT content, en_content FROM channels WHERE site_id = ? AND code = 'science' LIMIT 1",
        siteId,
      );
      const squeeze = (text: string) => text.replace(/\s+/g, '');
      expect(squeeze(mainText(science.body))).toContain(
        squeeze(pickText(lang, channel['content'], channel['en_content'])).slice(0, 30),
      );
    });
  });
});

describe('the 300+ article issue', () => {
  it('is paged by the configured page size with a pager, each page complete and its own canonical URL', async () => {
    const period = row(
      "SELECT p.id, COUNT(a.id) AS total FROM periods p JOIN articles a ON a.period_id = p.id AND a.status = 'formal' WHERE p.site_id = 1 AND p.year = 2025 AND p.issue = 6",
    );
    const total = n(period['total']);
    const size = n(row('SELECT toc_page_size FROM publication_configs WHERE site_id = 1')['toc_page_size']);
    expect(total).toBeGreaterThanOrEqual(300);
    const first = await get('jmst', '/zh/issue/2025/6/');
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/zh\/issue\/2025\/6\/">/);
    expect(count(first.body, 'data-basket-add')).toBe(size);
    expect(mainText(first.body)).toContain(`共 ${total} 篇`);
    const last = Math.ceil(total / size);
    expect(hrefs(first.body)).toContain(`/zh/issue/2025/6/?page=${last}`);
    const lastPage = await get('jmst', `/zh/issue/2025/6/?page=${last}`);
    expect(count(lastPage.body, 'data-basket-add')).toBe(total - (last - 1) * size);
    expect(lastPage.body).toMatch(
      new RegExp(`<link rel="canonical" href="https://[^"]+/zh/issue/2025/6/\\?page=${last}">`),
    );
    expect(lastPage.body).toMatch(
      new RegExp(`<link rel="alternate" hreflang="en" href="https://[^"]+/en/issue/2025/6/\\?page=${last}">`),
    );
    expect((await get('jmst', `/zh/issue/2025/6/?page=${last + 1}`)).status).toBe(404);
  });
});

describe('error pages', () => {
  it('a missing or malformed article is a 404 page saying the article id does not exist', async () => {
    for (const [path, message] of [
      ['/en/article/99999999/', 'Article id is not exist.'],
      ['/zh/article/99999999/', '文章ID不存在。'],
      ['/en/article/12abc/', 'Article id is not exist.'],
    ] as const) {
      const res = await get('jmst', path);
      expect(res.status).toBe(404);
      expect(mainText(res.body)).toContain(message);
    }
  });

  it('an article of another site is not found here', async () => {
    const other = row("SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' LIMIT 1");
    expect((await get('jmst', `/zh/article/${s(other['id'])}/`)).status).toBe(404);
  });

  it('unknown pages, codes, ids and languages answer 404 in the right language with a link home', async () => {
    const cases: [string, string, string][] = [
      ['/en/no-such-channel/', 'This page could not be found', 'en'],
      ['/zh/no-such-channel/', '此页面不存在', 'zh'],
      ['/en/a/b/c/d/', 'This page could not be found', 'en'],
      ['/zh/issue/1900/1/', '此页面不存在', 'zh'],
      ['/en/news/abc/', 'This page could not be found', 'en'],
      ['/en/collections/0/', 'This page could not be found', 'en'],
      ['/en/editorial-board/1/not-an-id/', 'This page could not be found', 'en'],
      ['/fr/article/1/', '此页面不存在', 'zh'],
      ['/en/news/99999/', 'This page could not be found', 'en'],
      ['/en/article/%E0%A4%A/', 'This page could not be found', 'en'],
      ['/zh/500/', '此页面不存在', 'zh'],
    ];
    for (const [path, message, lang] of cases) {
      const res = await get('jmst', path);
      expect(res.status, path).toBe(404);
      expect(mainText(res.body), path).toContain(message);
      // a page that does not exist names no canonical URL nor translations of itself
      expect(/<link rel="(canonical|alternate)"/.test(res.body), path).toBe(false);
      expect(htmlLang(res.body)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
      expect(hrefs(res.body)).toContain(`/${lang}/home/`);
    }
    const byCookie = await get('jmst', '/no/such/page/', { cookie: 'language=en' });
    expect(byCookie.status).toBe(404);
    expect(mainText(byCookie.body)).toContain('This page could not be found');
  });

  it('a lapsed site answers every page with the expiration notice', async () => {
    const res = await get('lapsed', '/en/home/');
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(mainText(res.body)).toContain('Website Expiration Reminder!');
    const notice = await get('lapsed', '/forbiddenPage?lang=en');
    expect(notice.status).toBe(403);
    expect(mainText(notice.body)).toContain('Website Expiration Reminder!');
    expect(htmlLang(notice.body)).toBe('en');
    const zh = await get('lapsed', '/forbiddenPage?lang=zh');
    expect(mainText(zh.body)).toContain('网站到期提醒');
    const error = await get('lapsed', '/errorPage?lang=en');
    expect(mainText(error.body)).toContain('Website Expiration Reminder!');
    // an open site has no expiration notice to show: its visitors go home
    const open = await get('jmst', '/forbiddenPage?lang=en');
    expect(open.status).toBe(302);
    expect(open.headers.location).toBe('/en/home/');
  });
});

describe('non-prefixed query pages', () => {
  it('redirect to the canonical page for their query, which answers 200', async () => {
    const about = row("SELECT id FROM channels WHERE site_id = 1 AND code = 'aboutus'");
    const newsChannel = row("SELECT id FROM channels WHERE site_id = 1 AND code = 'newNews'");
    const article = row("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' LIMIT 1");
    const cases: [string, string][] = [
      ['/mag?lang=en', '/en/mag/'],
      [`/aboutus?columnId=${s(about['id'])}&lang=en`, '/en/aboutus/'],
      ['/aboutus', '/zh/aboutus/'],
      ['/news?type=dynamic&lang=en', '/en/news/?type=dynamic'],
      [`/news?columnId=${s(newsChannel['id'])}`, `/zh/newsInfo/${s(newsChannel['id'])}/0/`],
      [`/thesisDetails?id=${s(article['id'])}`, `/zh/article/${s(article['id'])}/`],
      ['/academic?type=singleFirst', '/zh/onlineFirst/'],
      ['/academic', '/zh/issue/'],
      ['/science?lang=en', '/en/science/'],
    ];
    for (const [from, to] of cases) {
      const res = await get('jmst', from);
      expect(res.status, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
      expect((await get('jmst', to)).status, to).toBe(200);
    }
    for (const name of ['newLink1', 'newLeaguage']) {
      const res = await get('jmst', `/${name}?lang=en`);
      expect(res.status).toBe(302);
      expect((await get('jmst', s(res.headers.location))).status).toBe(200);
    }
    expect((await get('jmst', '/thesisDetails?id=99999999')).status).toBe(404);
    // one URL a channel: the one its menu item links to
    const byId = await get('jmst', `/en/info/${s(about['id'])}/`);
    expect(byId.status).toBe(301);
    expect(byId.headers.location).toBe('/en/aboutus/');
  });
});
