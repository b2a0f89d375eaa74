import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChannelByCode, getChannelInfo, getChannelTree } from '../../src/server/store/channels.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('channels', () => {
  it('nests enabled channels in sort order and drops disabled ones with their children', async () => {
    const tree = await getChannelTree(fixture.db, 1);
    expect(tree.map((c) => c.code)).toEqual(['index', 'aboutus', 'editorial']);
    const about = tree[1];
    expect(about?.children.map((c) => c.code)).toEqual(['contact', 'newItem']);
    expect(about?.bannerUrl).toBe(fileUrl(2));
    expect(JSON.stringify(tree)).not.toContain('newNews');
    expect((await getChannelTree(fixture.db, 2)).map((c) => c.id)).toEqual([8]);
  });

  it('gives channel info of this site only, and finds channels by code or route', async () => {
    expect(await getChannelInfo(fixture.db, 1, 2)).toMatchObject({
      code: 'aboutus',
      content: '<p>关于我们</p>',
      enContent: '<p>About us</p>',
    });
    expect(await getChannelInfo(fixture.db, 2, 2)).toBeNull();
    expect(await getChannelInfo(fixture.db, 1, 5)).toBeNull();
    expect((await findChannelByCode(fixture.db, 1, 'editorial'))?.id).toBe(7);
    expect((await findChannelByCode(fixture.db, 1, 'board'))?.id).toBe(7);
    expect(await findChannelByCode(fixture.db, 1, 'news')).toBeNull();
    expect(await findChannelByCode(fixture.db, 2, 'aboutus')).toBeNull();
  });
});
