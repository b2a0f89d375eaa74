/** sameOriginLocation: whatever a redirect is built from, its Location stays on the origin. */
import { describe, expect, it } from 'vitest';
import { sameOriginLocation } from '../../src/lib/location.ts';

const ORIGIN = 'https://jmst.example.org';

const HOSTILE = [
  '//evil.com/',
  '///evil.com',
  '/\\evil.com/',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\\\t\\evil.com',
  '/\r\nSet-Cookie: x=1',
  '/%0d%0aSet-Cookie:%20x=1',
  '/%2F/evil.com',
  '/%5Cevil.com/',
  'https://evil.com/',
  'javascript:alert(1)',
  '/zh/<script>alert(1)</script>',
  '/zh/article/1/?q=\r\nx',
  '/a%zz/%',
  '/\u0000/evil.com',
  '/\ud800/x',
  ' //evil.com',
];

describe('sameOriginLocation', () => {
  it.each(HOSTILE)('keeps %j on the origin, encoded, without control characters', (target) => {
    const location = sameOriginLocation(target);
    expect(location).toMatch(/^\/(?![/\\])/);
    // only printable ASCII, no quote, angle bracket, backslash or space
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(location).not.toMatch(/[<>"\\]/);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    expect(() => new Headers({ Location: location })).not.toThrow();
  });

  it('leaves canonical paths, their queries and valid escapes as they are', () => {
    expect(sameOriginLocation('/zh/article/12/')).toBe('/zh/article/12/');
    expect(sameOriginLocation('/forbiddenPage?lang=en')).toBe('/forbiddenPage?lang=en');
    expect(sameOriginLocation('/en/search/?q=a%20b&type=1')).toBe('/en/search/?q=a%20b&type=1');
    expect(sameOriginLocation('/zh/doi/10.1000/ab(c)')).toBe('/zh/doi/10.1000/ab(c)');
    expect(sameOriginLocation('/zh/新闻/')).toBe('/zh/%E6%96%B0%E9%97%BB/');
  });
});
