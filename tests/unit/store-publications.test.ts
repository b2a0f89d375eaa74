import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../src/server/store/files.ts';
import { getPublication, listPublications } from '../../src/server/store/publications.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('publications', () => {
  it("lists a site's publications in order and scopes single lookups by site", async () => {
    expect((await listPublications(fixture.db, 1)).map((p) => p.id)).toEqual([10, 11]);
    expect(await getPublication(fixture.db, 1, 11)).toMatchObject({ issn: '1000-0001', coverUrl: fileUrl(4) });
    expect(await getPublication(fixture.db, 1, 20)).toBeNull();
  });
});
