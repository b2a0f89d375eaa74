/** The RSS 2.0 and Atom writers, read back with feedsmith (a maintained feed parser). */
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { atomXml, rfc3339 } from '../../src/server/feed/atom-xml.ts';
import type { FeedChannel } from '../../src/server/feed/feed.ts';
import { rssXml } from '../../src/server/feed/rss-xml.ts';

const channel: FeedChannel = {
  title: '清华大学学报 <最新> & "文章"',
  link: 'https://journal.example.org/zh/home/',
  description: '最新出版与网络首发文章',
  language: 'zh-CN',
  selfUrl: 'https://journal.example.org/rc-pub/front/rss?siteId=1&lang=zh',
  items: [
    {
      title: '互联网药品 <可信> 交易 & 备案',
      link: 'https://journal.example.org/zh/article/101/',
      guid: 'https://doi.org/10.16511/x.2012.11.004',
      guidIsPermaLink: true,
      pubDate: new Date('2012-11-15T00:00:00Z'),
      updated: null,
      description: '摘要\u0001含控制字符 ]]> 与 <标签>',
      creators: ['于潇', '刘义'],
      categories: ['药品', '可信交易'],
    },
    {
      title: 'An English article',
      link: 'https://journal.example.org/zh/article/202/',
      guid: 'https://journal.example.org/zh/article/202/',
      guidIsPermaLink: true,
      pubDate: null,
      updated: null,
      description: '',
      creators: [],
      categories: [],
    },
  ],
};

const now = new Date('2026-11-25T04:00:00.123Z');

describe('RSS 2.0', () => {
  it('parses back with every channel and item field, escaped text intact and forbidden characters dropped', () => {
    const feed = parseRssFeed(rssXml(channel));
    expect(feed.title).toBe(channel.title);
    expect(feed.link).toBe(channel.link);
    expect(feed.language).toBe('zh-CN');
    expect(feed.atom?.links?.[0]).toMatchObject({ href: channel.selfUrl, rel: 'self' });
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items ?? [];
    expect(first).toMatchObject({
      title: '互联网药品 <可信> 交易 & 备案',
      link: 'https://journal.example.org/zh/article/101/',
      description: '摘要含控制字符 ]]> 与 <标签>',
      guid: { value: 'https://doi.org/10.16511/x.2012.11.004', isPermaLink: true },
    });
    expect(new Date(first?.pubDate ?? '').toISOString()).toBe('2012-11-15T00:00:00.000Z');
    expect(first?.dc?.creators).toEqual(['于潇', '刘义']);
    expect(first?.categories?.map((category) => category.name)).toEqual(['药品', '可信交易']);
    expect(second?.pubDate).toBeUndefined();
  });
});

describe('Atom', () => {
  const xml = atomXml(channel, now);
  const feed = parseAtomFeed(xml);

  it('has the feed id, title, self and alternate links, and updated from the newest entry', () => {
    expect(feed.id).toBe(channel.selfUrl);
    expect(feed.title).toEqual({ value: channel.title });
    expect(feed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: channel.selfUrl }),
        expect.objectContaining({ rel: 'alternate', href: channel.link }),
      ]),
    );
    expect(feed.updated).toBe('2012-11-15T00:00:00Z');
    expect(feed.authors?.[0]?.name).toBe(channel.title);
    expect(xml).toContain('xml:lang="zh-CN"');
  });

  it('writes one entry per item with id, link, dates, authors, categories and summary', () => {
    expect(feed.entries).toHaveLength(2);
    const [first, second] = feed.entries ?? [];
    expect(first).toMatchObject({
      id: 'https://doi.org/10.16511/x.2012.11.004',
      title: { value: '互联网药品 <可信> 交易 & 备案' },
      updated: '2012-11-15T00:00:00Z',
      published: '2012-11-15T00:00:00Z',
      summary: { value: '摘要含控制字符 ]]> 与 <标签>', type: 'text' },
    });
    expect(first?.links?.[0]).toMatchObject({ rel: 'alternate', href: 'https://journal.example.org/zh/article/101/' });
    expect(first?.authors?.map((author) => author.name)).toEqual(['于潇', '刘义']);
    expect(first?.categories?.map((category) => category.term)).toEqual(['药品', '可信交易']);
    // an undated entry takes the feed's updated time
    expect(second).toMatchObject({
      id: 'https://journal.example.org/zh/article/202/',
      updated: '2012-11-15T00:00:00Z',
    });
    expect(second?.published).toBeUndefined();
  });

  it('uses now for updated when no item has a date', () => {
    const empty = parseAtomFeed(atomXml({ ...channel, items: [] }, now));
    expect(empty.updated).toBe(rfc3339(now));
    expect(rfc3339(now)).toBe('2026-11-25T04:00:00Z');
  });
});

describe('a corrected item', () => {
  const corrected: FeedChannel = {
    ...channel,
    items: channel.items.map((item, index) =>
      index === 0 ? { ...item, updated: new Date('2026-11-20T08:30:00Z') } : item,
    ),
  };

  it('Atom: the entry is updated at its correction, still published on its date; the feed updated with it', () => {
    const feed = parseAtomFeed(atomXml(corrected, now));
    expect(feed.updated).toBe('2026-11-20T08:30:00Z');
    expect(feed.entries?.[0]).toMatchObject({ updated: '2026-11-20T08:30:00Z', published: '2012-11-15T00:00:00Z' });
  });

  it("RSS: the item carries Atom's updated beside its pubDate; the channel's lastBuildDate moves", () => {
    const before = parseRssFeed(rssXml(channel));
    expect(new Date(before.lastBuildDate ?? '').toISOString()).toBe('2012-11-15T00:00:00.000Z');
    const feed = parseRssFeed(rssXml(corrected));
    expect(new Date(feed.lastBuildDate ?? '').toISOString()).toBe('2026-11-20T08:30:00.000Z');
    const [first, second] = feed.items ?? [];
    expect(new Date(first?.pubDate ?? '').toISOString()).toBe('2012-11-15T00:00:00.000Z');
    expect(first?.atom?.updated).toBe('2026-11-20T08:30:00Z');
    expect(second?.atom?.updated).toBeUndefined();
  });
});
