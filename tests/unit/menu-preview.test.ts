/** The console's header preview: the editor's rows through the header's own menu filter and overflow rule. */
import { describe, expect, it } from 'vitest';
import { barLabels, type MenuRow, placementAt } from '../../src/lib/menu-preview.ts';

const row = (id: number, parentId: number, code: string, name: string | null, enName: string | null, enable = '1') =>
  ({
    id,
    siteId: 1,
    parentId,
    code,
    name,
    enName,
    enable,
    sortOrder: id,
    route: null,
    linkValue: null,
  }) satisfies MenuRow;

const rows: MenuRow[] = [
  row(3, 0, 'news', '新闻', 'News'),
  row(1, 0, 'index', '首页', 'Home'),
  row(2, 1, 'carousel', '轮播', 'Carousel'),
  row(4, 0, 'item', '征稿', null),
  row(5, 0, 'item', '旧栏目', 'Old', '0'),
  row(6, 3, 'newNews', '动态', 'Updates'),
  row(7, 0, 'reader', '读者', 'Readers'),
];

describe('the header preview', () => {
  it('shows what the header shows: enabled, named in the language, not a page part, in menu order', () => {
    expect(barLabels(rows, 'en')).toEqual(['Home', 'News']);
    expect(barLabels(rows, 'zh')).toEqual(['首页', '新闻', '征稿']);
  });

  it('folds by the header’s overflow rule, for the normal and the fixed header', () => {
    const widths = [200, 200, 200, 200];
    const classic = { navStyle: 1, navDistribution: 0, isCeiling: 1 };
    // 650 px normally; window − 820 once fixed
    expect(placementAt(widths, classic, 1280)).toEqual({ shown: 3, fixedShown: 2 });
    expect(placementAt(widths, classic, 1024)).toEqual({ shown: 3, fixedShown: 1 });
    expect(placementAt(widths, { ...classic, isCeiling: 0 }, 1280)).toEqual({ shown: 3, fixedShown: null });
    // distributed (navStyle 2): 1100 px, at most window − 180
    expect(placementAt(widths, { navStyle: 2, navDistribution: 0, isCeiling: 0 }, 1280)).toEqual({
      shown: 4,
      fixedShown: null,
    });
    expect(placementAt(widths, { navStyle: 2, navDistribution: 0, isCeiling: 0 }, 1024)).toEqual({
      shown: 4,
      fixedShown: null,
    });
    expect(placementAt([300, 300, 300], { navStyle: 2, navDistribution: 0, isCeiling: 0 }, 1024)).toEqual({
      shown: 2,
      fixedShown: null,
    });
  });

  it('has no bar on a phone-wide screen or with the side slider', () => {
    expect(placementAt([100], { navStyle: 1, navDistribution: 0, isCeiling: 1 }, 768)).toBeNull();
    expect(placementAt([100], { navStyle: 3, navDistribution: 0, isCeiling: 0 }, 1280)).toBeNull();
  });
});
