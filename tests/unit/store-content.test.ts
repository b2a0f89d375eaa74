import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumDetailSchema, newsDetailSchema } from '../../src/content/types.ts';
import { getAlbum, listAlbums } from '../../src/server/store/albums.ts';
import { getEditorialTopic, listEditorialTopics, listExperts } from '../../src/server/store/experts.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { getNews, getTopNews, listNews } from '../../src/server/store/news.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('news', () => {
  it('lists a tab newest first, paged, with external items marked', () => {
    const page = listNews(fixture.db, 1, { type: 'information', page: 0, size: 2 });
    expect(page).toMatchObject({ total: 4, page: 0, size: 2 });
    // 2 and 7 share a publication time: the higher id is listed first.
    expect(page.content.map((n) => n.id)).toEqual([3, 7]);
    expect(listNews(fixture.db, 1, { type: 'information', page: 1, size: 2 }).content.map((n) => n.id)).toEqual([2, 1]);
    const announcement = listNews(fixture.db, 1, { type: 'announcement', page: 0, size: 10 }).content[0];
    expect(announcement).toMatchObject({ original: 2, newsDataType: 'wechat', sourceLink: 'https://mp.example' });
  });

  it("filters by channel and never lists another site's news", () => {
    expect(listNews(fixture.db, 1, { channelId: 2, page: 0, size: 10 }).content.map((n) => n.id)).toEqual([2]);
    const everything = listNews(fixture.db, 1, { page: 0, size: 100 });
    expect(everything.total).toBe(12);
    expect(everything.content.every((n) => n.siteId === 1)).toBe(true);
  });

  it('gives previous (newer) and next (older) within the same site and tab', () => {
    const detail = newsDetailSchema.parse(getNews(fixture.db, 1, 7));
    expect(detail.previous?.id).toBe(3);
    expect(detail.next?.id).toBe(2);
    expect(getNews(fixture.db, 1, 3)).toMatchObject({
      content: '<p>正文</p>',
      previous: null,
      next: { id: 7, title: '新闻7', enTitle: 'News 7' },
    });
    expect(getNews(fixture.db, 1, 1)?.next).toBeNull();
    expect(getNews(fixture.db, 1, 20)).toBeNull();
  });

  it('gives at most five top news, newest first, with banner pictures', () => {
    const top = getTopNews(fixture.db, 1);
    expect(top.map((n) => n.id)).toEqual([3, 4, 1, 14, 13]);
    expect(top[2]?.topPictureUrl).toBe(fileUrl(2));
    expect(getTopNews(fixture.db, 2).map((n) => n.id)).toEqual([20]);
  });
});

describe('albums', () => {
  it('lists albums of a site, optionally of a channel, with item counts', () => {
    expect(listAlbums(fixture.db, 1).map((a) => [a.id, a.itemCount])).toEqual([
      [1, 8],
      [2, 0],
    ]);
    expect(listAlbums(fixture.db, 1, 2).map((a) => a.id)).toEqual([1]);
    expect(listAlbums(fixture.db, 2).map((a) => a.id)).toEqual([3]);
  });

  it("resolves items to titles and paths, leaving out drafts and other sites' resources", () => {
    const album = albumDetailSchema.parse(getAlbum(fixture.db, 1, 1));
    expect(album.coverUrl).toBe(fileUrl(4));
    expect(album.items.map((i) => [i.resourceType, i.resourceId, i.title, i.path])).toEqual([
      ['article', 1003, '文章 1003', 'article/1003'],
      ['picture', 1, '图1', 'picture/1'],
      ['video', 1, '视频', 'video/1'],
      ['publication', 11, '甲刊', null],
      ['table', 2, '表1', 'table/2'],
    ]);
    expect(album.items[1]?.coverUrl).toBe(fileUrl(5));
    expect(getAlbum(fixture.db, 2, 1)).toBeNull();
  });
});

describe('editorial boards', () => {
  it('scopes topics by site', () => {
    expect(listEditorialTopics(fixture.db, 1).map((t) => t.id)).toEqual([1]);
    expect(getEditorialTopic(fixture.db, 1, 1)).toMatchObject({
      channelId: 7,
      publicationId: 11,
      enName: 'Editorial board',
    });
    expect(getEditorialTopic(fixture.db, 1, 2)).toBeNull();
  });

  it('pages experts in sort order', () => {
    const first = listExperts(fixture.db, 1, 1, 0, 10);
    expect(first).toMatchObject({ total: 12, page: 0, size: 10 });
    expect(first.content[0]).toMatchObject({ id: 12, photoUrl: fileUrl(5) });
    expect(listExperts(fixture.db, 1, 1, 1, 10).content.map((e) => e.id)).toEqual([2, 1]);
    expect(listExperts(fixture.db, 1, 2, 0, 10)).toMatchObject({ total: 0, content: [] });
  });
});
