import { describe, expect, it } from 'vitest';
import { parseVisitCounts } from '../../src/islands/site-visits.ts';
import { ISLAND_DISPLAY_CSS, ISLAND_STYLE_ELEMENT } from '../../src/lib/island-style.ts';
import { withoutBodyIslandStyle } from '../../src/server/build/island-style.ts';

const clean = (html: string) => withoutBodyIslandStyle(Buffer.from(html)).toString('utf8');

describe("Astro's island style element", () => {
  it('is found by bytes in a page with Chinese text before it', () => {
    const page = `<html><head><title>期刊</title><style>${ISLAND_DISPLAY_CSS}</style></head><body><p>文章</p>${ISLAND_STYLE_ELEMENT}</body></html>`;
    expect(clean(page)).toBe(
      `<html><head><title>期刊</title><style>${ISLAND_DISPLAY_CSS}</style></head><body><p>文章</p></body></html>`,
    );
  });

  it('leaves the body when the head carries the rule', () => {
    const page = `<html><head><style>${ISLAND_DISPLAY_CSS}\n:root{}</style></head><body><p>a</p>${ISLAND_STYLE_ELEMENT}<script></script></body></html>`;
    expect(clean(page)).toBe(
      `<html><head><style>${ISLAND_DISPLAY_CSS}\n:root{}</style></head><body><p>a</p><script></script></body></html>`,
    );
  });

  it('stays when the head lacks the rule, and pages without it are untouched', () => {
    const bare = `<html><head></head><body>${ISLAND_STYLE_ELEMENT}</body></html>`;
    expect(clean(bare)).toBe(bare);
    const plain = `<html><head><style>${ISLAND_DISPLAY_CSS}</style></head><body></body></html>`;
    expect(clean(plain)).toBe(plain);
  });
});

describe('visit counts from the API', () => {
  it('are checked', () => {
    expect(parseVisitCounts({ sumVisits: 12, todayVisits: 3 })).toEqual({ sumVisits: 12, todayVisits: 3 });
    expect(() => parseVisitCounts({ sumVisits: '12', todayVisits: 3 })).toThrow();
    expect(() => parseVisitCounts({ sumVisits: 1.5, todayVisits: 0 })).toThrow();
    expect(() => parseVisitCounts(null)).toThrow();
  });
});
