import { describe, expect, it } from 'vitest';
import { fittingCount, overflowLimit } from '../../src/lib/overflow.ts';

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
    expect(fittingCount([120, 130, 140, 150, 160], 650)).toBe(4);
  });

  it('once an item overflows, every item after it goes to More too, even a narrow one', () => {
    expect(fittingCount([600, 100, 10], 650)).toBe(1);
  });
});
