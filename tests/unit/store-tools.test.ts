import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../src/server/store/files.ts';
import { listTools } from '../../src/server/store/tools.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('tools', () => {
  it('reads sorted tools', async () => {
    const tools = await listTools(fixture.db, 1);
    expect(tools.map((t) => t.platformType)).toEqual(['email', 'rss']);
    expect(tools[0]).toMatchObject({
      pictureUrl: fileUrl(3),
      bouncePictureUrl: fileUrl(2),
      description: '扫码',
      enDescription: 'Scan',
      indexId: null,
    });
    expect(tools[1]).toMatchObject({ bouncePictureUrl: null, enDescription: null });
  });
});
