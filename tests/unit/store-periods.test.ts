import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueBrowserText } from '../../src/i18n/issue-browser-text.ts';
import { issueBrowserHtml, issueListOf } from '../../src/lib/issue-browser.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { findPeriod, getFirstTwoPeriods, getPeriod, getPeriodTree } from '../../src/server/store/periods.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('periods', () => {
  it('groups issues by year, newest first, with formal article counts', async () => {
    const tree = await getPeriodTree(fixture.db, 1);
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

  it('orders oldest first with periodAsc and leaves out the current issue with isBack', async () => {
    expect(
      (await getPeriodTree(fixture.db, 1, { periodAsc: true })).flatMap((y) => y.periods.map((p) => p.id)),
    ).toEqual([100, 101, 102]);
    expect((await getPeriodTree(fixture.db, 1, { isBack: true })).flatMap((y) => y.periods.map((p) => p.id))).toEqual([
      101, 100,
    ]);
    expect(
      (await getPeriodTree(fixture.db, 1, { isBack: true, periodAsc: true })).flatMap((y) =>
        y.periods.map((p) => p.id),
      ),
    ).toEqual([100, 101]);
    expect(
      (await getPeriodTree(fixture.db, 1, { publicationId: 10 })).flatMap((y) => y.periods.map((p) => p.id)),
    ).toEqual([103]);
    expect(await getPeriodTree(fixture.db, 1, { publicationId: 20 })).toEqual([]);
  });

  it('finds the two newest periods and periods by year and issue of the default journal', async () => {
    expect((await getFirstTwoPeriods(fixture.db, 1, 11)).map((p) => p.id)).toEqual([102, 101]);
    expect(await getFirstTwoPeriods(fixture.db, 1, 20)).toEqual([]);
    expect((await findPeriod(fixture.db, 1, 2025, 1))?.id).toBe(102);
    expect(await findPeriod(fixture.db, 1, 2023, 1)).toBeNull();
    expect((await findPeriod(fixture.db, 1, 2023, 1, 10))?.id).toBe(103);
    expect((await findPeriod(fixture.db, 2, 2025, 1))?.id).toBe(200);
    expect(await getPeriod(fixture.db, 2, 102)).toBeNull();
  });

  it('reads only the issues of the years a table of contents lists with aroundYear, every year still named', async () => {
    const own = createStoreFixture();
    try {
      const add = own.db.prepare(
        `INSERT INTO periods (id, site_id, publication_id, year, volume, issue, publish_date) VALUES (?, 1, 11, ?, 1, ?, ?)`,
      );
      for (const [id, year, issue] of [
        [300, 2020, 1],
        [301, 2015, 1],
        [302, 2015, 2],
        [303, 2010, 1],
        [304, 2005, 1],
      ] as const)
        add.run(id, year, issue, `${year}-0${issue}-01`);
      const shape = (tree: Awaited<ReturnType<typeof getPeriodTree>>) =>
        tree.map((y) => [y.year, y.periods.map((p) => p.id)]);
      const around = await getPeriodTree(own.db, 1, { aroundYear: 2015 });
      expect(shape(around)).toEqual([
        [2025, []],
        [2024, []],
        [2020, [300]],
        [2015, [302, 301]],
        [2010, [303]],
        [2005, []],
      ]);
      expect(around.find((y) => y.year === 2015)?.periods[0]).toEqual(
        (await getPeriodTree(own.db, 1)).find((y) => y.year === 2015)?.periods[0],
      );
      expect(shape(await getPeriodTree(own.db, 1, { aroundYear: 2025 })).slice(0, 3)).toEqual([
        [2025, [102]],
        [2024, [101, 100]],
        [2020, []],
      ]);
      // the page's browser from the windowed tree is the one the server composes from the whole list
      const full = issueListOf(await getPeriodTree(own.db, 1));
      for (const lang of ['zh', 'en'] as const)
        expect(issueBrowserHtml(lang, issueBrowserText(lang), issueListOf(around), 302, {})).toBe(
          issueBrowserHtml(lang, issueBrowserText(lang), full, 302, {}),
        );
    } finally {
      own.cleanup();
    }
  });
});
