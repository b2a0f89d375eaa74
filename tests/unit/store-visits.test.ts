import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSiteVisit, visitTotals } from '../../src/server/store/visits.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('visits', () => {
  it('counts a visitor once per site and day, and the footer of another site is unaffected', async () => {
    const { db } = fixture;
    expect(await countSiteVisit(db, 3, 'visitor-a', new Date('2025-07-01T01:00:00Z'))).toEqual({
      counted: true,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect(await countSiteVisit(db, 3, 'visitor-a', '2025-07-01')).toEqual({
      counted: false,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect((await countSiteVisit(db, 3, 'visitor-b', '2025-07-01')).counted).toBe(true);
    expect((await countSiteVisit(db, 3, 'visitor-a', new Date('2025-07-02T01:00:00Z'))).counted).toBe(true);
    expect(await visitTotals(db, 3, new Date('2025-07-01T23:00:00Z'))).toEqual({ sumVisits: 3, todayVisits: 2 });
    expect(await visitTotals(db, 3, '2025-07-03')).toEqual({ sumVisits: 3, todayVisits: 0 });
    expect(await visitTotals(db, 1, '2025-07-01')).toEqual({ sumVisits: 42, todayVisits: 0 });
    // marks of past days are pruned once a new day is counted
    expect(db.prepare("SELECT COUNT(*) AS n FROM site_visit_marks WHERE day < '2025-07-02'").get()).toEqual({ n: 0 });
  });
});
