/** Count messages follow each language's plural rules (Intl.PluralRules): "1 record", "2 records". */
import { describe, expect, it } from 'vitest';
import { countText, en, zh } from '../../src/i18n/index.ts';

/** every plain string of a dictionary with its path */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`));
  return [];
}

describe('plural counts', () => {
  it('English counts agree with their number; Chinese has one form', () => {
    expect(countText('en', en.search.results.count, 1)).toBe('1 record found');
    expect(countText('en', en.search.results.count, 0)).toBe('0 records found');
    expect(countText('en', en.search.results.count, 2)).toBe('2 records found');
    expect(countText('en', en.pages.issueArticleCount, 1)).toBe('1 article');
    expect(countText('en', en.pages.items, 1)).toBe('1 item');
    expect(countText('en', en.pages.rankingCounts.cite, 1)).toBe('1 citation');
    expect(countText('en', en.search.results.views, 1)).toBe('1 view');
    expect(countText('en', en.shell.tools.basketCount, 1)).toBe('Bulk citation (1 item)');
    expect(countText('en', en.shell.tools.basketCount, 120, '99+')).toBe('Bulk citation (99+ items)');
    expect(countText('en', en.pages.statisticsViews, 1200, '1,200')).toBe('1,200 views');
    expect(countText('zh', zh.search.results.count, 1)).toBe('共找到 1 条结果');
    expect(countText('zh', zh.search.results.count, 2)).toBe('共找到 2 条结果');
  });

  it('no English message puts a count before a fixed plural noun (it would read "1 records")', () => {
    const fixed = strings(en, 'en').filter(
      ([path, text]) =>
        !/\.(zero|one|two|few|many|other)$/.test(path) && /\{(count|n|total|views|downloads)\} [a-z]+s\b/.test(text),
    );
    expect(fixed).toEqual([]);
  });
});
