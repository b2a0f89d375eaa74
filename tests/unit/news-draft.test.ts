/**
 * An unpublished news item is a draft: absent from the news list and its page, the top news, the
 * news column's feed, the search, the sitemap and the API, whatever its publish time; its preview
 * still opens; published again, it is back everywhere with the publish time it kept.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { listSiteRoutes } from '../../src/server/build/site-pages.ts';
import { newsFeed } from '../../src/server/feed/news-feed.ts';
import { importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { getNewsPreview } from '../../src/server/store/news.ts';

const fixture = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-scheduling.json'), 'utf8')) as unknown;

describe('a news item unpublished as a draft', () => {
  let dir: string;
  let db: Db;
  let source: ContentSource;
  let site: Site;
  const newsId = () => Number(db.prepare("SELECT id FROM news WHERE import_key = 'news-now'").get()?.['id']);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'news-draft-'));
    db = openDb(join(dir, 'portal.db'));
    await importContent(db, fixture());
    await importContent(db, {
      site: { sld: 'jos' },
      channels: [{ code: 'news', name: '新闻', enName: 'News', enable: '1' }],
      news: [{ key: 'news-now', isTop: true }],
    });
    source = createLocalSource(db);
    const found = await source.findSiteBySld('jos');
    if (!found) throw new Error('jos was not imported');
    site = found;
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** where a reader, a crawler and the API could meet the item now */
  async function seen() {
    const id = newsId();
    const channel = Number(db.prepare("SELECT id FROM channels WHERE code = 'news'").get()?.['id']);
    const parsed = parseSimpleSearch(new URLSearchParams({ q: 'Indexed', type: 'news' }));
    if (!parsed.ok) throw new Error('search');
    const search = await simpleSearch(db, { siteId: site.id, now: new Date() }, parsed.value);
    const feed = await newsFeed(
      { source, site, lang: 'en', origin: 'https://jos.test', selfUrl: 'https://jos.test/feed' },
      channel,
    );
    const routes = (await listSiteRoutes(source, site, { recentYears: 200 })).map((page) => page.route);
    return {
      list: (await source.listNews(site.id, { page: 0, size: 20 })).content.map((item) => item.enTitle),
      page: (await source.getNews(site.id, id))?.enTitle ?? null,
      top: (await source.getTopNews(site.id)).map((item) => item.enTitle),
      feed: (feed?.items ?? []).map((item) => item.title),
      search: search.content.map((hit) => hit.enTitle ?? hit.title),
      sitemap: routes.some((route) => route.includes(`newsDetails/${id}/`)),
    };
  }

  it('is hidden everywhere but its preview, then back with its publish time when published again', async () => {
    const shown = {
      list: ['Indexed in EI'],
      page: 'Indexed in EI',
      top: ['Indexed in EI'],
      feed: ['Indexed in EI'],
      search: ['Indexed in EI'],
      sitemap: true,
    };
    expect(await seen()).toEqual(shown);

    await importContent(db, { site: { sld: 'jos' }, news: [{ key: 'news-now', draft: true }] });
    expect(await seen()).toEqual({ list: [], page: null, top: [], feed: [], search: [], sitemap: false });
    expect((await getNewsPreview(db, site.id, newsId()))?.enTitle).toBe('Indexed in EI');

    await importContent(db, { site: { sld: 'jos' }, news: [{ key: 'news-now', draft: false }] });
    expect(await seen()).toEqual(shown);
    expect(db.prepare('SELECT publish_at FROM news WHERE id = ?').get(newsId())).toEqual({
      publish_at: '2026-02-01T00:00:00.000Z',
    });
  });
});
