import { describe, expect, it } from 'vitest';
import { fittingCount, menuItemWidth, menuTotalWidth, overflowLimit, splitOverflow } from '../../src/lib/overflow.ts';

describe('menu overflow (SPEC sections 4 and 9)', () => {
  it('limit is 650 px, or the window width minus 820 when fixed', () => {
    expect(overflowLimit({ fixed: false, windowWidth: 1920 })).toBe(650);
    expect(overflowLimit({ fixed: true, windowWidth: 1920 })).toBe(1100);
    expect(overflowLimit({ fixed: true, windowWidth: 1366 })).toBe(546);
  });

  it('the distributed reading: 1100 px but no more than the window width minus 180, which is the limit when fixed', () => {
    expect(overflowLimit({ fixed: false, windowWidth: 1366, distributed: true })).toBe(1100);
    expect(overflowLimit({ fixed: false, windowWidth: 1024, distributed: true })).toBe(844);
    expect(overflowLimit({ fixed: true, windowWidth: 1366, distributed: true })).toBe(1186);
  });

  it('an item moves to More once the cumulative width exceeds the limit (equal still fits)', () => {
    expect(fittingCount([100, 200, 350], 650)).toBe(3);
    expect(fittingCount([100, 200, 351], 650)).toBe(2);
    expect(fittingCount([700, 10], 650)).toBe(0);
    expect(fittingCount([], 650)).toBe(0);
    const { shown, more } = splitOverflow(['a', 'b', 'c', 'd', 'e'], [120, 130, 140, 150, 160], 650);
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
    expect(more).toEqual(['e']);
  });

  it('once an item overflows, every item after it goes to More too, even a narrow one', () => {
    expect(splitOverflow(['a', 'b', 'c'], [600, 100, 10], 650)).toEqual({ shown: ['a'], more: ['b', 'c'] });
  });

  it('menu item width: 1200 for navStyle 2 or 4 without distribution, 1000 on the special sites, else window − 80', () => {
    const base = { navDistribution: 0, sld: 'jmst', windowWidth: 1366 };
    expect(menuTotalWidth({ ...base, navStyle: 2 })).toBe(1200);
    expect(menuTotalWidth({ ...base, navStyle: 4 })).toBe(1200);
    expect(menuTotalWidth({ ...base, navStyle: 4, navDistribution: 1 })).toBe(1286);
    expect(menuTotalWidth({ ...base, navStyle: 1, sld: 'emf' })).toBe(1000);
    expect(menuTotalWidth({ ...base, navStyle: 6, sld: 'entest04' })).toBe(1000);
    expect(menuTotalWidth({ ...base, navStyle: 1 })).toBe(1286);
    expect(menuItemWidth({ ...base, navStyle: 2, count: 8 })).toBe(150);
    expect(menuItemWidth({ ...base, navStyle: 1, sld: 'emf', count: 4 })).toBe(250);
    expect(menuItemWidth({ ...base, navStyle: 1, count: 0 })).toBe(0);
  });
});
