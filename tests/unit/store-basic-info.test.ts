import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBasicInfo } from '../../src/server/store/basic-info.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('basic info', () => {
  it('reads basic info', async () => {
    expect(await getBasicInfo(fixture.db, 1)).toMatchObject({ id: 1, indexed: 'EI;SCI', groupType: 1 });
  });
});
