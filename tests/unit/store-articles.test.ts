import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArticles } from '../../src/server/store/articles.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('article lists', () => {
  it('lists online-first and just-accepted newest first, most-read by views, latest by date', () => {
    const ids = (kind: Parameters<typeof listArticles>[2]) =>
      listArticles(fixture.db, 1, kind, 0, 3).content.map((a) => a.id);
    expect(ids('online-first')).toEqual([1008, 1007]);
    expect(ids('just-accepted')).toEqual([1009]);
    expect(ids('most-read')).toEqual([1003, 1001, 1002]);
    expect(ids('latest')).toEqual([1003, 1002, 1001]);
    const page = listArticles(fixture.db, 1, 'latest', 1, 3);
    expect(page).toMatchObject({ total: 6, page: 1, size: 3 });
    expect(page.content.map((a) => a.id)).toEqual([1005, 1006, 1010]);
    expect(listArticles(fixture.db, 1, 'latest', 0, 10, 10).content.map((a) => a.id)).toEqual([1010]);
  });

  it("never lists drafts or another site's articles", () => {
    const all = ['online-first', 'just-accepted', 'most-read', 'latest'] as const;
    for (const kind of all) {
      for (const article of listArticles(fixture.db, 1, kind, 0, 100).content) {
        expect(article.siteId).toBe(1);
        expect(article.id).not.toBe(1004);
      }
    }
    expect(listArticles(fixture.db, 2, 'online-first', 0, 10).content.map((a) => a.id)).toEqual([2002]);
  });
});
