import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../src/server/store/files.ts';
import { findPeriod, getFirstTwoPeriods, getPeriod, getPeriodTree } from '../../src/server/store/periods.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('periods', () => {
  it('groups issues by year, newest first, with formal article counts', () => {
    const tree = getPeriodTree(fixture.db, 1);
    expect(tree.map((y) => [y.year, y.periods.map((p) => [p.issue, p.articleCount])])).toEqual([
      [2025, [[1, 4]]],
      [
        2024,
        [
          [2, 0],
          [1, 1],
        ],
      ],
    ]);
    expect(tree[0]?.periods[0]?.coverUrl).toBe(fileUrl(4));
  });

  it('orders oldest first with periodAsc and leaves out the current issue with isBack', () => {
    expect(getPeriodTree(fixture.db, 1, { periodAsc: true }).flatMap((y) => y.periods.map((p) => p.id))).toEqual([
      100, 101, 102,
    ]);
    expect(getPeriodTree(fixture.db, 1, { isBack: true }).flatMap((y) => y.periods.map((p) => p.id))).toEqual([
      101, 100,
    ]);
    expect(
      getPeriodTree(fixture.db, 1, { isBack: true, periodAsc: true }).flatMap((y) => y.periods.map((p) => p.id)),
    ).toEqual([100, 101]);
    expect(getPeriodTree(fixture.db, 1, { publicationId: 10 }).flatMap((y) => y.periods.map((p) => p.id))).toEqual([
      103,
    ]);
    expect(getPeriodTree(fixture.db, 1, { publicationId: 20 })).toEqual([]);
  });

  it('finds the two newest periods and periods by year and issue of the default journal', () => {
    expect(getFirstTwoPeriods(fixture.db, 1, 11).map((p) => p.id)).toEqual([102, 101]);
    expect(getFirstTwoPeriods(fixture.db, 1, 20)).toEqual([]);
    expect(findPeriod(fixture.db, 1, 2025, 1)?.id).toBe(102);
    expect(findPeriod(fixture.db, 1, 2023, 1)).toBeNull();
    expect(findPeriod(fixture.db, 1, 2023, 1, 10)?.id).toBe(103);
    expect(findPeriod(fixture.db, 2, 2025, 1)?.id).toBe(200);
    expect(getPeriod(fixture.db, 2, 102)).toBeNull();
  });
});
