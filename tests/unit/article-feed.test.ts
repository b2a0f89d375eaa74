/**
 * A journal feed's items take their abstract, keywords and corrections from one light read for
 * all of them (getArticleAbstracts), never from each article's whole detail (authors, references,
 * figures, full text), and their lists without counting them: a latest feed lists 50 articles on
 * every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { latestFeed, onlineFirstFeed } from '../../src/server/feed/article-feed.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let site: Site;
const calls = new Map<string, number>();

function countingSource(source: ContentSource): ContentSource {
  return new Proxy(source, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const request = (source: ContentSource, lang: 'zh' | 'en') => ({
  source,
  site,
  lang,
  origin: 'https://jmst.example.org',
  selfUrl: 'https://jmst.example.org/rc-pub/front/rss?feed=latest',
});

beforeAll(async () => {
  demo = await createDemoDb({ articles: 120 });
  const found = await createLocalSource(demo.db).findSiteBySld('jmst');
  if (!found) throw new Error('no jmst');
  site = found;
});
afterAll(() => demo?.cleanup());

describe('article feeds', () => {
  it('read each listed article once, through the light read, with the same abstract and keywords as its detail', async () => {
    const local = createLocalSource(demo.db);
    calls.clear();
    const feed = await latestFeed(request(countingSource(local), 'zh'));
    expect(feed.items.length).toBeGreaterThan(10);
    expect(calls.get('getArticle') ?? 0).toBe(0);
    expect(calls.get('getArticleAbstracts')).toBe(1);
    // the latest and the online-first lists, neither counted
    expect(calls.get('listFirstArticles')).toBe(2);
    expect(calls.get('listArticles') ?? 0).toBe(0);
    // what the item shows is the detail's abstract (as plain text) and keywords
    const id = Number(/\/article\/(\d+)\//.exec(feed.items[0]?.link ?? '')?.[1]);
    const detail = await local.getArticle(site.id, id);
    expect(detail?.abstract).toBeTruthy();
    expect(feed.items[0]?.description).toBe((detail?.abstract ?? '').replace(/<[^>]*>/g, '').trim());
    expect(feed.items[0]?.categories).toEqual(expect.arrayContaining(detail?.keywords ?? ['(none)']));
  });

  it('read no article detail for the online-first feed either', async () => {
    calls.clear();
    const feed = await onlineFirstFeed(request(countingSource(createLocalSource(demo.db)), 'en'), null);
    expect(feed?.items.length).toBeGreaterThan(0);
    expect(calls.get('getArticle') ?? 0).toBe(0);
  });
});
