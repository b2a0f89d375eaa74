import { describe, expect, it } from 'vitest';
import type { SearchConfigEntry } from '../../src/content/types.ts';
import type { Checked, SearchErrorCode } from '../../src/lib/search-query.ts';
import {
  clampSearchText,
  maxSearchLength,
  parseResultRoute,
  resultRouteHref,
  resultUrl,
  searchModeFor,
  searchTypesFor,
  shouldSearch,
} from '../../src/lib/search-rules.ts';

const q = (query: string) => new URLSearchParams(query);
const value = <T>(checked: Checked<T> | null): T => {
  if (!checked?.ok) throw new Error(`expected ok, got ${JSON.stringify(checked)}`);
  return checked.value;
};
const code = <T>(checked: Checked<T> | null): SearchErrorCode | 'ok' =>
  checked?.ok === false ? checked.error.code : 'ok';

describe('search rules (SPEC sections 2, 5, 9)', () => {
  const config: SearchConfigEntry[] = [
    { type: 428, code: 'article', name: '论文', enName: 'Thesis' },
    { type: -3, code: 'publication', name: '期刊', enName: 'Journal' },
    { type: 25, code: 'picture', name: '图片', enName: 'Picture' },
    { type: 26, code: 'table', name: '表格', enName: 'Table' },
    { type: 29, code: 'video', name: '视频', enName: 'Video' },
    { type: 28, code: 'audio', name: '音频', enName: 'Audio' },
    { type: 0, code: 'other', name: '其他', enName: 'Other' },
    { type: -2, code: 'news', name: '资讯', enName: 'News' },
    { type: 99, code: 'nonsense', name: '?', enName: '?' },
  ];

  it('limits: 150 characters, 125 in the fixed header, counted as characters', () => {
    expect(maxSearchLength(false)).toBe(150);
    expect(maxSearchLength(true)).toBe(125);
    expect([...clampSearchText('材'.repeat(151))].length).toBe(150);
    expect([...clampSearchText('a'.repeat(151), true)].length).toBe(125);
    expect(clampSearchText('𠀀'.repeat(150))).toBe('𠀀'.repeat(150));
  });

  it('an empty or blank search does not search', () => {
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch('  \t')).toBe(false);
    expect(shouldSearch('材料')).toBe(true);
  });

  it('singleSearch for single and group sites, tmallSearch otherwise', () => {
    expect(searchModeFor({ type: 'single' })).toBe('singleSearch');
    expect(searchModeFor({ type: 'group' })).toBe('singleSearch');
    expect(searchModeFor({ type: 'all' })).toBe('tmallSearch');
  });

  it('types follow the config, the header list, and the special slds', () => {
    expect(searchTypesFor(config, 'jmst').map((t) => t.code)).toEqual([
      'article',
      'publication',
      'picture',
      'table',
      'video',
      'audio',
      'other',
      'news',
    ]);
    expect(searchTypesFor(config, 'emf').map((t) => t.code)).toEqual(['article', 'picture', 'video', 'audio']);
    expect(searchTypesFor(config, 'entest01').map((t) => t.code)).toEqual(['article', 'picture', 'video', 'audio']);
    expect(searchTypesFor(config, 'jmst', '428;25').map((t) => t.code)).toEqual(['article', 'picture']);
    expect(searchTypesFor(config, 'jmst', '428,-2').map((t) => t.code)).toEqual(['article', 'news']);
  });

  it('result routes by type carry type, index, searchType and searchText', () => {
    const url = (code: Parameters<typeof resultUrl>[0]['code']) =>
      resultUrl({ code, mode: 'singleSearch', text: '高 温' });
    expect(url('article')).toBe(
      '/article?type=article&index=-1&searchType=singleSearch&searchText=%E9%AB%98+%E6%B8%A9',
    );
    expect(url('picture').startsWith('/textList?type=picture&index=-1')).toBe(true);
    expect(url('table').startsWith('/textList?type=table')).toBe(true);
    expect(url('video').startsWith('/audioList?type=video')).toBe(true);
    expect(url('audio').startsWith('/audioList?type=audio')).toBe(true);
    expect(url('news').startsWith('/informationList?type=news')).toBe(true);
    expect(url('other').startsWith('/othersList?type=other')).toBe(true);
    expect(resultUrl({ code: 'publication', mode: 'tmallSearch', text: 'x' })).toBe(
      '/searchPublication?type=publication&index=0&searchType=tmallSearch&searchText=x',
    );
  });
});

describe('result routes (SPEC section 2)', () => {
  it('the search box URL carries lang and parses back', () => {
    const url = resultUrl({ code: 'article', mode: 'singleSearch', text: '钙钛矿', lang: 'en' });
    expect(url).toBe(
      `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent('钙钛矿')}&lang=en`,
    );
    const [path, query] = url.split('?');
    const route = value(parseResultRoute(path ?? '', q(query ?? '')));
    expect(route).toMatchObject({
      index: -1,
      mode: 'singleSearch',
      lang: 'en',
      search: { type: 'article', text: '钙钛矿' },
    });
  });

  it('reads every result page and its default type', () => {
    const cases: [string, string][] = [
      ['/article', 'article'],
      ['/searchPublication', 'publication'],
      ['/textList', 'picture'],
      ['/audioList', 'video'],
      ['/othersList', 'other'],
      ['/informationList', 'news'],
    ];
    for (const [path, type] of cases)
      expect(value(parseResultRoute(`${path}/`, q('searchText=x'))).search.type).toBe(type);
    expect(value(parseResultRoute('/textList', q('type=table&searchText=x'))).search.type).toBe('table');
    expect(value(parseResultRoute('/searchPublication', q('searchText=x'))).index).toBe(0);
    expect(value(parseResultRoute('/article', q('type=thesis&index=0&searchType=tmallSearch&searchText=x'))).mode).toBe(
      'tmallSearch',
    );
    expect(parseResultRoute('/zh/home/', q('searchText=x'))).toBeNull();
  });

  it('rejects a type of another page, a bad index, searchType or text', () => {
    expect(code(parseResultRoute('/textList', q('type=video&searchText=x')))).toBe('unknownType');
    expect(code(parseResultRoute('/article', q('index=x&searchText=x')))).toBe('badNumber');
    expect(code(parseResultRoute('/article', q('searchType=other&searchText=x')))).toBe('badValue');
    expect(code(parseResultRoute('/article', q('searchText=')))).toBe('empty');
    expect(code(parseResultRoute('/article', q('searchText=a&author=1;2;3;4;5;6')))).toBe('tooManyValues');
    expect(value(parseResultRoute('/article', q('searchText=a&lang=fr'))).lang).toBeNull();
  });

  it('round-trips result page state', () => {
    for (const url of [
      '/article?type=article&index=-1&searchType=singleSearch&searchText=a&lang=zh',
      '/textList?type=table&index=2&searchType=tmallSearch&field=keyword&searchText=%E7%9F%B3&page=2&sort=views&year=3&keyword=a&keyword=b&lang=en',
      '/searchPublication?type=publication&index=0&searchType=singleSearch&field=issn&searchText=0412-1961',
    ]) {
      const [path, query] = url.split('?');
      const route = value(parseResultRoute(path ?? '', q(query ?? '')));
      expect(resultRouteHref(route)).toBe(url);
    }
  });
});
