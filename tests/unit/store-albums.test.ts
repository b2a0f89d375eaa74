import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumDetailSchema } from '../../src/content/types.ts';
import { getAlbum, listAlbums } from '../../src/server/store/albums.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('albums', () => {
  it('lists albums of a site, optionally of a channel, with item counts', async () => {
    expect((await listAlbums(fixture.db, 1)).map((a) => [a.id, a.itemCount])).toEqual([
      [1, 8],
      [2, 0],
    ]);
    expect((await listAlbums(fixture.db, 1, 2)).map((a) => a.id)).toEqual([1]);
    expect((await listAlbums(fixture.db, 2)).map((a) => a.id)).toEqual([3]);
  });

  it("resolves items to titles and paths, leaving out drafts and other sites' resources", async () => {
    const album = albumDetailSchema.parse(await getAlbum(fixture.db, 1, 1));
    expect(album.coverUrl).toBe(fileUrl(4));
    expect(album.items.map((i) => [i.resourceType, i.resourceId, i.title, i.path])).toEqual([
      ['article', 1003, '文章 1003', 'article/1003'],
      ['picture', 1, '图1', 'picture/1'],
      ['video', 1, '视频', 'video/1'],
      ['publication', 11, '甲刊', null],
      ['table', 2, '表1', 'table/2'],
    ]);
    expect(album.items[1]?.coverUrl).toBe(fileUrl(5));
    expect(await getAlbum(fixture.db, 2, 1)).toBeNull();
  });

  it('tells which article of an album is retracted, withdrawn or under concern', async () => {
    fixture.db
      .prepare("UPDATE articles SET notice_kind = 'withdrawn', notice_date = '2026-06-01' WHERE id = 1003")
      .run();
    try {
      expect((await getAlbum(fixture.db, 1, 1))?.items.map((i) => [i.resourceType, i.noticeKind])).toEqual([
        ['article', 'withdrawn'],
        ['picture', null],
        ['video', null],
        ['publication', null],
        ['table', null],
      ]);
    } finally {
      fixture.db.prepare('UPDATE articles SET notice_kind = NULL, notice_date = NULL WHERE id = 1003').run();
    }
  });
});
