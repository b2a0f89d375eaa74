import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModules } from '../../src/server/store/modules.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('modules', () => {
  it('returns valid modules in order, skipping unknown types and broken configs', async () => {
    const modules = await getModules(fixture.db, 1, 1);
    expect(modules.map((m) => [m.type, m.config])).toEqual([
      ['carousel', {}],
      ['latestIssue', { size: 5 }],
    ]);
    expect(await getModules(fixture.db, 2, 1)).toEqual([]);
  });
});
