import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteShellSchema } from '../../src/content/types.ts';
import { getSiteShell } from '../../src/server/store/shell.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('site shell', () => {
  it('assembles a schema-valid shell with today from the given clock and at most five top news', async () => {
    const shell = await getSiteShell(fixture.db, 1, new Date('2025-05-31T10:00:00Z'));
    expect(shell).not.toBeNull();
    const parsed = siteShellSchema.parse(shell);
    expect(parsed.footer.todayVisits).toBe(40);
    expect(parsed.topNews.map((n) => n.id)).toEqual([3, 4, 1, 14, 13]);
    expect(parsed.groupEntries.map((g) => g.sld)).toEqual(['beta']);
    expect(parsed.publicationConfig.publicationId).toBe(11);
    expect(await getSiteShell(fixture.db, 404, new Date())).toBeNull();
  });
});
