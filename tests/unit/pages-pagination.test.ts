import { describe, expect, it } from 'vitest';
import { pageCount, pageHref, pagerItems, parsePageParam, withPage } from '../../src/lib/pagination.ts';

describe('pagination', () => {
  it('reads ?page= as a positive integer, anything else as page 1', () => {
    expect(parsePageParam('3')).toBe(3);
    for (const value of [null, undefined, '', '0', '-1', 'abc', '2.5', '1e3', '9999999'])
      expect(parsePageParam(value)).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(321, 100)).toBe(4);
  });

  it('keeps other query values and leaves page 1 on the canonical URL', () => {
    expect(pageHref('/zh/news/', { type: 'dynamic' }, 1)).toBe('/zh/news/?type=dynamic');
    expect(pageHref('/zh/news/', { type: 'dynamic', page: '4' }, 2)).toBe('/zh/news/?type=dynamic&page=2');
    expect(pageHref('/zh/issue/2024/1/', {}, 1)).toBe('/zh/issue/2024/1/');
  });

  it('names a page of a list in its own URL from page 2 on', () => {
    expect(withPage('/en/onlineFirst/', 1)).toBe('/en/onlineFirst/');
    expect(withPage('/en/onlineFirst/', undefined)).toBe('/en/onlineFirst/');
    expect(withPage('/en/onlineFirst/', 2)).toBe('/en/onlineFirst/?page=2');
    expect(withPage('/en/editorial-board/3/?topic=7', 4)).toBe('/en/editorial-board/3/?topic=7&page=4');
  });

  it('shows first, last and a window around the current page with gaps', () => {
    const items = pagerItems(10, 20, (page) => `?page=${page}`);
    const shape = items.map((item) =>
      item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page),
    );
    expect(shape).toEqual(['1', '…', '8', '9', '[10]', '11', '12', '…', '20']);
    expect(pagerItems(1, 1, String)).toEqual([]);
    const small = pagerItems(1, 3, String).map((item) => (item.kind === 'page' ? item.page : 0));
    expect(small).toEqual([1, 2, 3]);
  });
});
