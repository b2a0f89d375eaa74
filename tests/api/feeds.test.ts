/**
 * The feeds of a site in both formats, read with feedsmith: a journal's latest articles, newest
 * issue and online-first articles, and a news column; links absolute on the origin the feed was
 * fetched from; nothing of another site.
 */
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedTarget, feedHref } from '../../src/lib/feed-links.ts';
import { rfc3339 } from '../../src/server/feed/atom-xml.ts';
import { importContent } from '../../src/server/import/index.ts';
import { row, run, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let newsChannel: number;
let otherSiteChannel: number;
let otherSitePublication: number;
let newestIssue: { year: number; issue: number; count: number };
let onlineFirstCount: number;

const ORIGIN = 'http://jmst.localhost:4321';

beforeAll(async () => {
  api = await createApiFixture({ articles: 400 });
  const db = api.demo.db;
  newsChannel = await value(
    db,
    'SELECT channel_id AS id FROM news WHERE site_id = 1 AND channel_id IS NOT NULL GROUP BY channel_id ORDER BY COUNT(*) DESC LIMIT 1',
  );
  otherSiteChannel = await value(
    db,
    'SELECT channel_id AS id FROM news WHERE site_id <> 1 AND channel_id IS NOT NULL LIMIT 1',
  );
  otherSitePublication = await value(db, 'SELECT id FROM publications WHERE site_id <> 1 LIMIT 1');
  const primary = Number(
    (await row(db, 'SELECT publication_id AS id FROM publication_configs WHERE site_id = 1'))?.['id'] ??
      (await row(db, 'SELECT id FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1'))?.['id'],
  );
  const period = await row(
    db,
    'SELECT id, year, issue FROM periods WHERE site_id = 1 AND publication_id = ? ORDER BY year DESC, issue DESC LIMIT 1',
    primary,
  );
  // the newest issue of a small seed may still be empty: give it three articles
  await run(
    db,
    "UPDATE articles SET period_id = ? WHERE id IN (SELECT id FROM articles WHERE site_id = 1 AND publication_id = ? AND status = 'formal' AND period_id <> ? ORDER BY id LIMIT 3)",
    Number(period?.['id']),
    primary,
    Number(period?.['id']),
  );
  newestIssue = {
    year: Number(period?.['year']),
    issue: Number(period?.['issue']),
    count: await value(
      db,
      "SELECT COUNT(*) AS n FROM articles WHERE period_id = ? AND status = 'formal'",
      Number(period?.['id']),
    ),
  };
  onlineFirstCount = await value(
    db,
    "SELECT COUNT(*) AS n FROM articles WHERE site_id = 1 AND publication_id = ? AND status = 'online-first'",
    primary,
  );
});
afterAll(() => api.cleanup());

async function fetchFeed(format: 'rss' | 'atom', target: FeedTarget, lang: 'zh' | 'en' = 'zh', sld = 'jmst') {
  const response = await api.call(feedHref(format, lang, target), { sld });
  return { response, body: await response.text() };
}

const journalFeeds: FeedTarget[] = [{ feed: 'latest' }, { feed: 'current' }, { feed: 'online-first' }];

describe('journal and news feeds', () => {
  it('are valid RSS 2.0 and Atom with absolute links on the request origin', async () => {
    const targets: FeedTarget[] = [...journalFeeds, { channelId: newsChannel }];
    for (const target of targets) {
      const rss = await fetchFeed('rss', target);
      expect(rss.response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const channel = parseRssFeed(rss.body);
      expect(channel.items?.length, JSON.stringify(target)).toBeGreaterThan(0);
      for (const item of channel.items ?? []) expect(item.link).toMatch(/^https?:\/\//);
      expect(channel.link?.startsWith(ORIGIN)).toBe(true);

      const atom = await fetchFeed('atom', target, 'en');
      expect(atom.response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const feed = parseAtomFeed(atom.body);
      expect(feed.entries?.length).toBe(channel.items?.length);
      expect(feed.links?.find((link) => link.rel === 'self')?.href).toBe(`${ORIGIN}${feedHref('atom', 'en', target)}`);
      for (const entry of feed.entries ?? []) expect(entry.links?.[0]?.href).toMatch(/^https?:\/\//);
    }
  });

  it('current: every article of the newest issue; online-first: those articles', async () => {
    const current = parseRssFeed((await fetchFeed('rss', { feed: 'current' }, 'en')).body);
    expect(current.title).toContain(String(newestIssue.year));
    expect(current.items).toHaveLength(newestIssue.count);
    const online = parseRssFeed((await fetchFeed('rss', { feed: 'online-first' }, 'en')).body);
    expect(online.title).toMatch(/online first/);
    expect(online.items).toHaveLength(Math.min(onlineFirstCount, 50));
  });

  it('a news column feed links its news pages in the language asked', async () => {
    const feed = parseRssFeed((await fetchFeed('rss', { channelId: newsChannel }, 'en')).body);
    const internal = (feed.items ?? []).filter((item) => item.link?.startsWith(ORIGIN));
    expect(internal.length).toBeGreaterThan(0);
    for (const item of internal) expect(item.link).toMatch(new RegExp(`^${ORIGIN}/en/newsDetails/\\d+/$`));
  });

  it("links follow the host the feed was fetched on: the site's own domain", async () => {
    const response = await api.call(feedHref('rss', 'zh', { feed: 'latest' }), {
      headers: { host: 'www.jmst-demo.org' },
    });
    const feed = parseRssFeed(await response.text());
    expect(feed.items?.length).toBeGreaterThan(0);
    for (const item of feed.items ?? [])
      expect(item.link).toMatch(/^http:\/\/www\.jmst-demo\.org\/zh\/article\/\d+\/$/);
  });

  it("another site's news column or journal is not found here", async () => {
    for (const target of [
      { channelId: otherSiteChannel },
      { feed: 'current', publicationId: otherSitePublication },
      { feed: 'online-first', publicationId: otherSitePublication },
    ] as FeedTarget[]) {
      const { response, body } = await fetchFeed('rss', target);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(JSON.parse(body).status).not.toBe(0);
    }
  });

  it("a corrected news item's entry shows its correction date, and the feed's own date moves with it", async () => {
    const column = { channelId: newsChannel };
    const firstItem = parseRssFeed((await fetchFeed('rss', column)).body).items?.find((entry) =>
      entry.link?.includes('/newsDetails/'),
    );
    const newsId = Number(/\/newsDetails\/(\d+)\//.exec(firstItem?.link ?? '')?.[1]);
    const publishedOn = new Date(firstItem?.pubDate ?? '').toISOString();
    const correctedAt = new Date();
    correctedAt.setUTCMilliseconds(0);
    await importContent(
      api.demo.db,
      { site: { sld: 'jmst' }, news: [{ id: newsId, title: '更正后的新闻标题' }] },
      correctedAt.toISOString(),
    );

    const rss = parseRssFeed((await fetchFeed('rss', column)).body);
    const item = rss.items?.find((entry) => entry.link === firstItem?.link);
    expect(item?.title).toBe('更正后的新闻标题');
    expect(new Date(item?.pubDate ?? '').toISOString()).toBe(publishedOn);
    expect(item?.atom?.updated).toBe(rfc3339(correctedAt));
    expect(new Date(rss.lastBuildDate ?? '').toISOString()).toBe(correctedAt.toISOString());

    const atom = parseAtomFeed((await fetchFeed('atom', column)).body);
    const entry = atom.entries?.find((candidate) => candidate.links?.[0]?.href === firstItem?.link);
    expect(entry).toMatchObject({ updated: rfc3339(correctedAt), published: rfc3339(new Date(publishedOn)) });
    expect(atom.updated).toBe(rfc3339(correctedAt));
  });

  it('bad input answers an envelope, not a crash', async () => {
    const response = await api.call('/rc-pub/front/atom?feed=everything&lang=en');
    const envelope = JSON.parse(await response.text());
    expect(envelope.status).not.toBe(0);
    expect(api.errors).toEqual([]);
  });
});
