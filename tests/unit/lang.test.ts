import { describe, expect, it } from 'vitest';
import { langOfRequest, namedLang } from '../../src/lib/lang.ts';

describe('the one language rule (langOfRequest)', () => {
  it('takes the header, then the path, then ?lang=, then the cookie, then zh', () => {
    const all = { header: 'en', path: '/zh/news/', query: 'zh', cookies: 'language=zh' };
    expect(langOfRequest(all)).toBe('en');
    expect(langOfRequest({ ...all, header: 'fr' })).toBe('zh');
    expect(langOfRequest({ path: '/en/news/', query: 'zh', cookies: 'language=zh' })).toBe('en');
    expect(langOfRequest({ path: '/article', pathLang: 'en', query: 'zh' })).toBe('en');
    expect(langOfRequest({ path: '/article', query: 'en', cookies: 'language=zh' })).toBe('en');
    expect(langOfRequest({ path: '/english/', query: 'de', cookies: 'a=1; language=en' })).toBe('en');
    expect(langOfRequest({ cookies: 'language=fr' })).toBe('zh');
    expect(langOfRequest({})).toBe('zh');
  });

  it('says whether the request named its language, for answers that then may not vary by cookie', () => {
    expect(namedLang({ path: '/zh/', cookies: 'language=en' })).toBe('zh');
    expect(namedLang({ path: '/homeNav/jmst', cookies: 'language=en' })).toBeUndefined();
  });
});
