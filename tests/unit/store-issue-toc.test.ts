import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTocSchema } from '../../src/content/types.ts';
import { getIssueToc } from '../../src/server/store/issue-toc.ts';
import { addBulkIssue, createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('issue table of contents', () => {
  it('groups formal articles by column order, then article order, columnless last', async () => {
    const toc = issueTocSchema.parse(await getIssueToc(fixture.db, 1, 102, 0, 50));
    expect(toc.columns.map((c) => [c.name, c.articles.map((a) => a.id)])).toEqual([
      ['综述', [1003]],
      ['研究论文', [1002, 1001]],
      ['', [1005]],
    ]);
    expect(toc.total).toBe(4);
    expect(toc.publication.id).toBe(11);
    expect(toc.columns[1]?.articles[1]?.authors).toEqual([
      { name: '张三', enName: 'Zhang San' },
      { name: '李四', enName: 'Li Si' },
      { name: '王五', enName: null },
    ]);
  });

  it("pages across the whole issue and hides other sites' periods", async () => {
    const second = await getIssueToc(fixture.db, 1, 102, 1, 2);
    expect(second?.columns.flatMap((c) => c.articles.map((a) => a.id))).toEqual([1001, 1005]);
    expect(second).toMatchObject({ page: 1, size: 2, total: 4 });
    expect(await getIssueToc(fixture.db, 1, 200, 0, 10)).toBeNull();
    expect(await getIssueToc(fixture.db, 2, 102, 0, 10)).toBeNull();
  });
});

describe('a 300-article issue', () => {
  // its timing belongs in `npm run bench`, not here
  it('reads a whole-issue page with every article and its authors', async () => {
    const { db } = fixture;
    const periodId = addBulkIssue(db, 320, 2100);
    const toc = await getIssueToc(db, 1, periodId, 0, 300);
    expect(toc?.total).toBe(320);
    expect(toc?.columns.flatMap((c) => c.articles)).toHaveLength(300);
    expect(toc?.columns.flatMap((c) => c.articles).every((a) => a.authors.length === 4)).toBe(true);
  });
});
