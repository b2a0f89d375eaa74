import { describe, expect, it } from 'vitest';
import { langOfRequest, namedLang, pathInLanguage, swapLangPath } from '../../src/lib/lang.ts';

describe('language paths', () => {
  it('swaps the language prefix only', () => {
    expect(swapLangPath('/zh/article/12/', 'en')).toBe('/en/article/12/');
    expect(swapLangPath('/en', 'zh')).toBe('/zh');
    expect(swapLangPath('/zhongwen/', 'en')).toBe('/zhongwen/');
    expect(swapLangPath('/login?lang=zh', 'en')).toBe('/login?lang=zh');
  });

  it('puts a page in a language by its prefix, or else by its lang= parameter, keeping the rest', () => {
    expect(pathInLanguage('/zh/article/12/?page=2', 'en')).toBe('/en/article/12/?page=2');
    expect(pathInLanguage('/en', 'zh')).toBe('/zh');
    const results = new URL(
      pathInLanguage('/article?type=article&searchText=%E9%92%99%E9%92%9B%E7%9F%BF&lang=zh&page=2#hits', 'en'),
      'http://x',
    );
    expect(results.pathname + results.hash).toBe('/article#hits');
    expect(Object.fromEntries(results.searchParams)).toEqual({
      type: 'article',
      searchText: '钙钛矿',
      lang: 'en',
      page: '2',
    });
    expect(pathInLanguage('/seniorSearch', 'en')).toBe('/seniorSearch?lang=en');
    expect(pathInLanguage('/login?lang=en', 'en')).toBe('/login?lang=en');
  });
});

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
