import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEditorialTopic, listEditorialTopics, listExperts } from '../../src/server/store/experts.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('editorial boards', () => {
  it('scopes topics by site', async () => {
    expect((await listEditorialTopics(fixture.db, 1)).map((t) => t.id)).toEqual([1]);
    expect(await getEditorialTopic(fixture.db, 1, 1)).toMatchObject({
      channelId: 7,
      publicationId: 11,
      enName: 'Editorial board',
    });
    expect(await getEditorialTopic(fixture.db, 1, 2)).toBeNull();
  });

  it('pages experts in sort order', async () => {
    const first = await listExperts(fixture.db, 1, 1, 0, 10);
    expect(first).toMatchObject({ total: 12, page: 0, size: 10 });
    expect(first.content[0]).toMatchObject({ id: 12, photoUrl: fileUrl(5) });
    expect((await listExperts(fixture.db, 1, 1, 1, 10)).content.map((e) => e.id)).toEqual([2, 1]);
    expect(await listExperts(fixture.db, 1, 2, 0, 10)).toMatchObject({ total: 0, content: [] });
  });
});
