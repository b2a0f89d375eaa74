import { describe, expect, it } from 'vitest';
import type { SearchConfigEntry } from '../../src/content/types.ts';
import {
  clampSearchText,
  maxSearchLength,
  resultUrl,
  searchModeFor,
  searchTypesFor,
  shouldSearch,
} from '../../src/lib/search-rules.ts';

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
