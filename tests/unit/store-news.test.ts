import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsDetailSchema } from '../../src/content/types.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { getNews, getTopNews, listNews } from '../../src/server/store/news.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('news', () => {
  it('lists a tab newest first, paged, with external items marked', async () => {
    const page = await listNews(fixture.db, 1, { type: 'information', page: 0, size: 2 });
    expect(page).toMatchObject({ total: 4, page: 0, size: 2 });
    // 2 and 7 share a publication time: the higher id is listed first.
    expect(page.content.map((n) => n.id)).toEqual([3, 7]);
    expect((await listNews(fixture.db, 1, { type: 'information', page: 1, size: 2 })).content.map((n) => n.id)).toEqual(
      [2, 1],
    );
    const announcement = (await listNews(fixture.db, 1, { type: 'announcement', page: 0, size: 10 })).content[0];
    expect(announcement).toMatchObject({ original: 2, newsDataType: 'wechat', sourceLink: 'https://mp.example' });
  });

  it("filters by channel and never lists another site's news", async () => {
    expect((await listNews(fixture.db, 1, { channelId: 2, page: 0, size: 10 })).content.map((n) => n.id)).toEqual([2]);
    const everything = await listNews(fixture.db, 1, { page: 0, size: 100 });
    expect(everything.total).toBe(12);
    expect(everything.content.every((n) => n.siteId === 1)).toBe(true);
  });

  it('gives previous (newer) and next (older) within the same site and tab', async () => {
    const detail = newsDetailSchema.parse(await getNews(fixture.db, 1, 7));
    expect(detail.previous?.id).toBe(3);
    expect(detail.next?.id).toBe(2);
    expect(await getNews(fixture.db, 1, 3)).toMatchObject({
      content: '<p>正文</p>',
      previous: null,
      next: { id: 7, title: '新闻7', enTitle: 'News 7' },
    });
    expect((await getNews(fixture.db, 1, 1))?.next).toBeNull();
    expect(await getNews(fixture.db, 1, 20)).toBeNull();
  });

  it('gives at most five top news, newest first, with banner pictures', async () => {
    const top = await getTopNews(fixture.db, 1);
    expect(top.map((n) => n.id)).toEqual([3, 4, 1, 14, 13]);
    expect(top[2]?.topPictureUrl).toBe(fileUrl(2));
    expect((await getTopNews(fixture.db, 2)).map((n) => n.id)).toEqual([20]);
  });
});
