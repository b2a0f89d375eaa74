import { describe, expect, it } from 'vitest';
import { idParam } from '../../src/components/content/params.ts';
import { isId, parseId, parseWholeNumber } from '../../src/lib/id.ts';
import { canonical, matchArticlePdf, matchLegacy } from '../../src/lib/routes.ts';
import { idParam as apiIdParam } from '../../src/server/api/params.ts';

const legacyTarget = (path: string) => {
  const match = matchLegacy(path);
  return match ? match.route.toCanonical(match.params, 'zh', { periodById: async () => null }) : undefined;
};

describe('one id rule (src/lib/id.ts)', () => {
  it('an id is a positive whole number of at most 15 digits', () => {
    expect(['1', '12', '999999999999999'].map(parseId)).toEqual([1, 12, 999999999999999]);
    expect(['0', '', '-1', '12abc', '1e1', '0x0c', ' 12', '1000000000000000', null, undefined].map(parseId)).toEqual(
      Array(10).fill(null),
    );
    expect(parseWholeNumber('0')).toBe(0);
    expect([12, 999999999999999].every(isId)).toBe(true);
    expect([0, -1, 1.5, 1e15, Number.NaN].some(isId)).toBe(false);
  });

  it('pages, the API, PDF paths and legacy URLs read the same ids', () => {
    for (const text of ['1', '1234567890', '999999999999999', '0', '1000000000000000', '12abc']) {
      const id = parseId(text);
      expect(idParam(text)).toBe(id);
      const api = apiIdParam.safeParse(text);
      expect(api.success ? api.data : null).toBe(id);
      expect(matchArticlePdf(`/en/article/${text}/article-${text}.pdf`)?.id ?? null).toBe(id);
    }
  });

  it('a legacy URL naming id 0 leads nowhere instead of to a page that cannot exist', async () => {
    expect(await legacyTarget('/newsDetails/1/0')).toBeNull();
    expect(await legacyTarget('/newsDetails/1/12')).toBe(canonical.newsDetails('zh', '12'));
  });
});
