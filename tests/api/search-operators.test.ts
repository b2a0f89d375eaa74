/**
 * The simple search box honours AND, OR and NOT in capitals (docs/product-rules.md#search-operators), as the advanced
 * search joins rows: counts add up as sets do. Lowercase or quoted operators are plain words.
 * The year facet filters like the other facets (pubYear=).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClusters, SearchResult } from '../../src/content/types.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;

beforeAll(async () => {
  api = await createApiFixture({ articles: 400 });
});
afterAll(() => api.cleanup());

async function search(params: Record<string, string>, lang: 'zh' | 'en' = 'zh'): Promise<SearchResult> {
  const answer = await api.json(`${apiPaths.search}?${new URLSearchParams(params)}`, { headers: { language: lang } });
  expect(answer.status, answer.message).toBe(0);
  return answer.data as SearchResult;
}
const total = async (q: string) => (await search({ q })).total;

describe('operators in the simple search', () => {
  it('OR finds either word: |A OR B| = |A| + |B| - |A B|, never fewer than A alone', async () => {
    const [a, b, both, either] = await Promise.all([
      total('材料'),
      total('界面'),
      total('材料 界面'),
      total('材料 OR 界面'),
    ]);
    expect(a).toBeGreaterThan(both);
    expect(b).toBeGreaterThan(0);
    expect(either).toBe(a + b - both);
    expect(either).toBeGreaterThanOrEqual(a);
  });

  it('NOT leaves out the second word, AND needs both, and three parts combine left to right', async () => {
    const [a, both, without, and] = await Promise.all([
      total('材料'),
      total('材料 界面'),
      total('材料 NOT 界面'),
      total('材料 AND 界面'),
    ]);
    expect(without).toBe(a - both);
    expect(and).toBe(both);
    const [c, eitherThenNot] = await Promise.all([total('涂层'), total('材料 OR 界面 NOT 涂层')]);
    expect(c).toBeGreaterThan(0);
    const eitherAndC = await total('材料 OR 界面 AND 涂层');
    expect(eitherThenNot).toBe((await total('材料 OR 界面')) - eitherAndC);
  });

  it('lowercase, first, last or quoted operators are plain words', async () => {
    const both = await total('材料 界面');
    expect(await total('材料 or 界面')).toBe(both);
    expect(await total('材料 界面 OR')).toBe(both);
    expect(await total('OR 材料 界面')).toBe(both);
    expect(await total('"材料 OR 界面"')).toBeLessThanOrEqual(both);
  });

  it('highlights the words of the parts it looks for, not the operators or what NOT leaves out', async () => {
    const result = await search({ q: '材料 OR 界面 NOT 涂层' });
    expect(result.terms).toContain('材料');
    expect(result.terms).toContain('界面');
    expect(result.terms).not.toContain('涂层');
    expect(result.terms).not.toContain('OR');
  });
});

describe('the year facet', () => {
  it('each year value filters to its count, and years combine', async () => {
    const clusters = (await api.json(`${apiPaths.searchClusters}?${new URLSearchParams({ q: '材料' })}`))
      .data as SearchClusters;
    expect(clusters.year.length).toBeGreaterThan(1);
    const [first, second] = clusters.year;
    const one = await search({ q: '材料', pubYear: first!.value, size: '100' });
    expect(one.total).toBe(first!.count);
    for (const hit of one.content) expect(String(hit.year)).toBe(first!.value);
    expect((await search({ q: '材料', pubYear: `${first!.value};${second!.value}` })).total).toBe(
      first!.count + second!.count,
    );
  });

  it('answers a year that is not a year with a message', async () => {
    const answer = await api.json(`${apiPaths.search}?${new URLSearchParams({ q: '材料', pubYear: 'abc' })}`, {
      headers: { language: 'en' },
    });
    expect(answer.status).not.toBe(0);
    expect(answer.message).toBe('A search parameter has an invalid value.');
  });
});
