import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleDetailSchema } from '../../src/content/types.ts';
import { getArticle, getArticleByDoi, parsePositions } from '../../src/server/store/article-detail.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('article detail', () => {
  it('returns the full record with authors, institutions, references, figures, journal and column', async () => {
    const detail = articleDetailSchema.parse(await getArticle(fixture.db, 1, 1001));
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

  it("finds articles by DOI in any case, never drafts or another site's articles", async () => {
    expect((await getArticleByDoi(fixture.db, 1, '10.1000/alpha.1001'))?.id).toBe(1001);
    expect((await getArticleByDoi(fixture.db, 1, ' 10.1000/ALPHA.1001 '))?.id).toBe(1001);
    expect(await getArticleByDoi(fixture.db, 1, '10.1000/draft')).toBeNull();
    expect(await getArticleByDoi(fixture.db, 1, '10.1000/beta.2001')).toBeNull();
    expect(await getArticle(fixture.db, 1, 1004)).toBeNull();
    expect(await getArticle(fixture.db, 1, 2001)).toBeNull();
    expect(await getArticle(fixture.db, 1, 1007)).toMatchObject({
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
