import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArticles } from '../../src/server/store/articles.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('article lists', () => {
  it('lists online-first and just-accepted newest first, most-read by views, latest by date', async () => {
    const ids = async (kind: Parameters<typeof listArticles>[2]) =>
      (await listArticles(fixture.db, 1, kind, 0, 3)).content.map((a) => a.id);
    expect(await ids('online-first')).toEqual([1008, 1007]);
    expect(await ids('just-accepted')).toEqual([1009]);
    expect(await ids('most-read')).toEqual([1003, 1001, 1002]);
    expect(await ids('latest')).toEqual([1003, 1002, 1001]);
    const page = await listArticles(fixture.db, 1, 'latest', 1, 3);
    expect(page).toMatchObject({ total: 6, page: 1, size: 3 });
    expect(page.content.map((a) => a.id)).toEqual([1005, 1006, 1010]);
    expect((await listArticles(fixture.db, 1, 'latest', 0, 10, 10)).content.map((a) => a.id)).toEqual([1010]);
  });

  it("never lists drafts or another site's articles", async () => {
    const all = ['online-first', 'just-accepted', 'most-read', 'latest'] as const;
    for (const kind of all) {
      for (const article of (await listArticles(fixture.db, 1, kind, 0, 100)).content) {
        expect(article.siteId).toBe(1);
        expect(article.id).not.toBe(1004);
      }
    }
    expect((await listArticles(fixture.db, 2, 'online-first', 0, 10)).content.map((a) => a.id)).toEqual([2002]);
  });
});
