import { describe, expect, it } from 'vitest';
import { isPlainData } from '../../src/islands/plain-data.ts';

describe('props whose JSON can key remembered island HTML', () => {
  it('accepts what islands get: strings, numbers, booleans, null, arrays and plain objects', () => {
    expect(isPlainData({ lang: 'en', siteId: 1, expanded: true, initial: { sumVisits: 38029, todayVisits: 0 }, types: [{ code: 'article', name: '论文' }], note: null })).toBe(true);
    expect(isPlainData({ advancedHref: undefined })).toBe(true);
    expect(isPlainData(Object.assign(Object.create(null), { label: 'Back to top' }))).toBe(true);
  });

  it('refuses values that JSON would write the same as other values', () => {
    for (const value of [new Map([[1, 2]]), new Set([1]), new Date(0), /x/, new URL('https://example.org/'), new Uint8Array(2), () => 1, 1n, Symbol('s'), Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isPlainData({ value }), String(value)).toBe(false);
      expect(isPlainData([value]), String(value)).toBe(false);
    }
    expect(isPlainData([undefined])).toBe(false);
    expect(isPlainData({ nested: { deeper: [{ when: new Date(0) }] } })).toBe(false);
  });
});
