import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { compiledIn, compiledQuery, param } from '../../src/server/store/compiled.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

// tsc compiles this file (tsconfig.json includes tests): each @ts-expect-error below fails the type
// check the day a misspelt column compiles again.
const TITLE = compiledQuery<{ id: number }>()((q) =>
  q.selectFrom('articles').select(['id', 'title', 'en_title']).where('id', '=', param<number>('id')),
);
const TITLES = compiledIn<Record<string, never>>()((q, ids) =>
  q.selectFrom('articles').select(['id', 'title']).where('id', 'in', ids).orderBy('id'),
);

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('compiled queries keep the builder’s row type', () => {
  it('reads rows through typed columns', async () => {
    const row = await TITLE.one(fixture.db, { id: 1001 });
    expectTypeOf(row).toEqualTypeOf<{ id: number; title: string; en_title: string | null } | null>();
    expect(row?.id).toBe(1001);
    expect(typeof row?.title).toBe('string');
    // @ts-expect-error a misspelt column does not compile
    expect(row?.titel).toBeUndefined();
  });

  it('types the rows of a query over a list of ids', async () => {
    const rows = await TITLES(fixture.db, [1001, 1002], {});
    expectTypeOf(rows).toEqualTypeOf<{ id: number; title: string }[]>();
    expect(rows.map((row) => row.id)).toEqual([1001, 1002]);
    // @ts-expect-error a column the query did not select does not compile
    expect(rows[0]?.en_title).toBeUndefined();
  });

  it('refuses values for placeholders of the wrong type', async () => {
    // @ts-expect-error the id is a number
    await expect(TITLE.one(fixture.db, { id: '1001' })).resolves.toBeDefined();
  });
});
