import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleDetailSchema, issueTocSchema } from '../../src/content/types.ts';
import { getArticle, getArticleByDoi, parsePositions } from '../../src/server/store/article-detail.ts';
import { listArticles } from '../../src/server/store/articles.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { getIssueToc } from '../../src/server/store/issue-toc.ts';
import { findPeriod, getFirstTwoPeriods, getPeriod, getPeriodTree } from '../../src/server/store/periods.ts';
import { getPublication, listPublications } from '../../src/server/store/publications.ts';
import { addBulkIssue, createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('publications and periods', () => {
  it("lists a site's publications in order and scopes single lookups by site", () => {
    expect(listPublications(fixture.db, 1).map((p) => p.id)).toEqual([10, 11]);
    expect(getPublication(fixture.db, 1, 11)).toMatchObject({ issn: '1000-0001', coverUrl: fileUrl(4) });
    expect(getPublication(fixture.db, 1, 20)).toBeNull();
  });

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

describe('issue table of contents', () => {
  it('groups formal articles by column order, then article order, columnless last', () => {
    const toc = issueTocSchema.parse(getIssueToc(fixture.db, 1, 102, 0, 50));
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

  it("pages across the whole issue and hides other sites' periods", () => {
    const second = getIssueToc(fixture.db, 1, 102, 1, 2);
    expect(second?.columns.flatMap((c) => c.articles.map((a) => a.id))).toEqual([1001, 1005]);
    expect(second).toMatchObject({ page: 1, size: 2, total: 4 });
    expect(getIssueToc(fixture.db, 1, 200, 0, 10)).toBeNull();
    expect(getIssueToc(fixture.db, 2, 102, 0, 10)).toBeNull();
  });
});

describe('article lists', () => {
  it('lists online-first and just-accepted newest first, most-read by views, latest by date', () => {
    const ids = (kind: Parameters<typeof listArticles>[2]) =>
      listArticles(fixture.db, 1, kind, 0, 3).content.map((a) => a.id);
    expect(ids('online-first')).toEqual([1008, 1007]);
    expect(ids('just-accepted')).toEqual([1009]);
    expect(ids('most-read')).toEqual([1003, 1001, 1002]);
    expect(ids('latest')).toEqual([1003, 1002, 1001]);
    const page = listArticles(fixture.db, 1, 'latest', 1, 3);
    expect(page).toMatchObject({ total: 6, page: 1, size: 3 });
    expect(page.content.map((a) => a.id)).toEqual([1005, 1006, 1010]);
    expect(listArticles(fixture.db, 1, 'latest', 0, 10, 10).content.map((a) => a.id)).toEqual([1010]);
  });

  it("never lists drafts or another site's articles", () => {
    const all = ['online-first', 'just-accepted', 'most-read', 'latest'] as const;
    for (const kind of all) {
      for (const article of listArticles(fixture.db, 1, kind, 0, 100).content) {
        expect(article.siteId).toBe(1);
        expect(article.id).not.toBe(1004);
      }
    }
    expect(listArticles(fixture.db, 2, 'online-first', 0, 10).content.map((a) => a.id)).toEqual([2002]);
  });
});

describe('article detail', () => {
  it('returns the full record with authors, institutions, references, figures, journal and column', () => {
    const detail = articleDetailSchema.parse(getArticle(fixture.db, 1, 1001));
    expect(detail).toMatchObject({
      year: 2025,
      volume: 41,
      issue: 1,
      firstPage: 1,
      lastPage: 9,
      language: 'zh',
      pdfUrl: '/rc-pub/front/front-article/download?id=1001&attachType=pdf',
    });
    expect(detail.keywords).toEqual(['材料', '合金', '疲劳']);
    expect(detail.enKeywords).toEqual(['materials', 'alloy', 'fatigue']);
    expect(detail.authorDetails.map((a) => [a.name, a.corresponding, a.institutionPositions])).toEqual([
      ['张三', 1, [1, 2]],
      ['李四', 0, [2]],
      ['王五', 0, [1, 2]],
    ]);
    expect(detail.institutions.map((i) => i.enName)).toEqual(['Peking University', 'Tsinghua University']);
    expect(detail.references.map((r) => r.text)).toEqual(['First ref.', 'Second ref.']);
    expect(detail.figures.map((f) => [f.kind, f.imageUrl, f.tableHtml])).toEqual([
      ['picture', fileUrl(5), null],
      ['table', null, '<table></table>'],
    ]);
    expect(detail.publication).toMatchObject({ id: 11, name: '甲刊', issn: '1000-0001' });
    expect(detail.column).toEqual({ id: 1001, name: '研究论文', enName: 'Research' });
  });

  it("finds articles by DOI in any case, never drafts or another site's articles", () => {
    expect(getArticleByDoi(fixture.db, 1, '10.1000/alpha.1001')?.id).toBe(1001);
    expect(getArticleByDoi(fixture.db, 1, ' 10.1000/ALPHA.1001 ')?.id).toBe(1001);
    expect(getArticleByDoi(fixture.db, 1, '10.1000/draft')).toBeNull();
    expect(getArticleByDoi(fixture.db, 1, '10.1000/beta.2001')).toBeNull();
    expect(getArticle(fixture.db, 1, 1004)).toBeNull();
    expect(getArticle(fixture.db, 1, 2001)).toBeNull();
    expect(getArticle(fixture.db, 1, 1007)).toMatchObject({
      status: 'online-first',
      periodId: null,
      year: null,
      column: null,
    });
  });

  it('parses institution positions from ; or , lists', () => {
    expect(parsePositions('1;2')).toEqual([1, 2]);
    expect(parsePositions('3, 1')).toEqual([3, 1]);
    expect(parsePositions('x;;2')).toEqual([2]);
  });
});

describe('a 300-article issue', () => {
  // its timing belongs in `npm run bench`, not here
  it('reads a whole-issue page with every article and its authors', () => {
    const { db } = fixture;
    const periodId = addBulkIssue(db, 320, 2100);
    const toc = getIssueToc(db, 1, periodId, 0, 300);
    expect(toc?.total).toBe(320);
    expect(toc?.columns.flatMap((c) => c.articles)).toHaveLength(300);
    expect(toc?.columns.flatMap((c) => c.articles).every((a) => a.authors.length === 4)).toBe(true);
  });
});
