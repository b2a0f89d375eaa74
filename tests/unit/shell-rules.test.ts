import { describe, expect, it } from 'vitest';
import { footerStyle, footerTextColour, isLightGrey } from '../../src/components/shell/footer-style.ts';
import { headerLogo } from '../../src/components/shell/logo.ts';
import { present } from '../../src/components/shell/shell-text.ts';
import type { SearchConfigEntry } from '../../src/content/types.ts';
import { parseConditions } from '../../src/islands/search-conditions.ts';
import { grayScope, grayTarget } from '../../src/lib/gray.ts';
import { pathInLanguage, swapLangPath } from '../../src/lib/lang.ts';
import { isLoggedInName, userNameFromCookies } from '../../src/lib/login-state.ts';
import { maskUserName } from '../../src/lib/mask.ts';
import {
  clampSearchText,
  maxSearchLength,
  resultUrl,
  searchModeFor,
  searchTypesFor,
  shouldSearch,
} from '../../src/lib/search-rules.ts';
import { hasSpecialLayout, hasTallHeader } from '../../src/lib/special-sites.ts';
import { sanitizeSiteCss, THEME_PRESETS, themeCss, themeFor } from '../../src/lib/theme.ts';
import { badgeText } from '../../src/islands/state/basket.ts';

describe('user name masking (SPEC section 5)', () => {
  it('replaces the 4 characters standing 8 to 4 from the end', () => {
    expect(maskUserName('13812345678')).toBe('138****5678');
    expect(maskUserName('abcdefgh')).toBe('****efgh');
    expect(maskUserName('张三丰李四王五赵六钱七')).toBe('张三丰****赵六钱七');
    expect(maskUserName('abcdef')).toBe('****cdef');
    expect(maskUserName('abcd')).toBe('abcd');
  });
});

describe('login state', () => {
  it("'' and 'undefined' mean logged out", () => {
    expect(isLoggedInName('')).toBe(false);
    expect(isLoggedInName('undefined')).toBe(false);
    expect(isLoggedInName(null)).toBe(false);
    expect(isLoggedInName('li')).toBe(true);
    expect(userNameFromCookies('language=zh; userName=13812345678')).toBe('13812345678');
    expect(userNameFromCookies('userName=undefined')).toBeNull();
    expect(userNameFromCookies('userName=')).toBeNull();
    expect(userNameFromCookies('language=en')).toBeNull();
  });
});

describe('theme (SPEC section 1)', () => {
  it('has eleven presets, each with five colours', () => {
    expect(Object.keys(THEME_PRESETS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const preset of Object.values(THEME_PRESETS)) expect(Object.keys(preset).sort()).toEqual(['bottomLine', 'hover', 'primary', 'tint', 'translucent']);
  });

  it('picks the preset of the colour id, and colour 0 uses colour1/2/3', () => {
    const site = { colour: 8, colour1: null, colour2: null, colour3: null };
    expect(themeFor(site)).toBe(THEME_PRESETS[8]);
    const own = themeFor({ colour: 0, colour1: '#123456', colour2: '#abc', colour3: '#654321' });
    expect(own).toMatchObject({ primary: '#123456', hover: '#abc', bottomLine: '#654321', translucent: 'rgba(18, 52, 86, 0.12)' });
    expect(themeFor({ colour: 0, colour1: 'red;}', colour2: null, colour3: null }).primary).toBe(THEME_PRESETS[1]!.primary);
  });

  it('themeCss returns :root custom properties', () => {
    const css = themeCss({ colour: 3, colour1: null, colour2: null, colour3: null });
    expect(css).toMatch(/^:root \{/);
    expect(css).toContain(`--theme-primary: ${THEME_PRESETS[3]!.primary};`);
    for (const name of ['primary', 'hover', 'translucent', 'tint', 'bottom-line']) expect(css).toContain(`--theme-${name}:`);
  });

  it('site-authored css cannot close the style element or import sheets', () => {
    expect(sanitizeSiteCss('a{color:red}</style><script>x</script>')).toBe('a{color:red}><script>x</script>');
    expect(sanitizeSiteCss('@import url(evil.css); .a{}')).toBe(' .a{}');
    expect(sanitizeSiteCss(null)).toBe('');
  });
});

describe('gray mode', () => {
  it('0 none, 1 home area only, anything else the whole page', () => {
    expect(grayScope(0)).toBe('none');
    expect(grayScope(1)).toBe('home');
    expect(grayScope(2)).toBe('page');
    expect(grayScope(-1)).toBe('page');
    expect(grayTarget(1, 'home')).toBe('main');
    expect(grayTarget(1, 'page')).toBeNull();
    expect(grayTarget(2, 'detail')).toBe('page');
    expect(grayTarget(0, 'home')).toBeNull();
  });
});

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
    expect(searchTypesFor(config, 'jmst').map((t) => t.code)).toEqual(['article', 'publication', 'picture', 'table', 'video', 'audio', 'other', 'news']);
    expect(searchTypesFor(config, 'emf').map((t) => t.code)).toEqual(['article', 'picture', 'video', 'audio']);
    expect(searchTypesFor(config, 'entest01').map((t) => t.code)).toEqual(['article', 'picture', 'video', 'audio']);
    expect(searchTypesFor(config, 'jmst', '428;25').map((t) => t.code)).toEqual(['article', 'picture']);
    expect(searchTypesFor(config, 'jmst', '428,-2').map((t) => t.code)).toEqual(['article', 'news']);
  });

  it('result routes by type carry type, index, searchType and searchText', () => {
    const url = (code: Parameters<typeof resultUrl>[0]['code']) => resultUrl({ code, mode: 'singleSearch', text: '高 温' });
    expect(url('article')).toBe('/article?type=article&index=-1&searchType=singleSearch&searchText=%E9%AB%98+%E6%B8%A9');
    expect(url('picture').startsWith('/textList?type=picture&index=-1')).toBe(true);
    expect(url('table').startsWith('/textList?type=table')).toBe(true);
    expect(url('video').startsWith('/audioList?type=video')).toBe(true);
    expect(url('audio').startsWith('/audioList?type=audio')).toBe(true);
    expect(url('news').startsWith('/informationList?type=news')).toBe(true);
    expect(url('other').startsWith('/othersList?type=other')).toBe(true);
    expect(resultUrl({ code: 'publication', mode: 'tmallSearch', text: 'x' })).toBe('/searchPublication?type=publication&index=0&searchType=tmallSearch&searchText=x');
  });

  it('the conditions response is checked', () => {
    const data = [{ field: 'title', condition: '题名', enCondition: 'Title' }];
    expect(parseConditions(data)).toEqual(data);
    expect(() => parseConditions([{ field: 1 }])).toThrow();
    expect(() => parseConditions('nope')).toThrow();
  });
});

describe('special sites, language paths, footer and logos', () => {
  it('knows the special and tall-header slds', () => {
    expect(['entest01', 'entest04', 'emf'].every(hasSpecialLayout)).toBe(true);
    expect(hasSpecialLayout('jmst')).toBe(false);
    expect(['syhg', 'gzxb', 'yhy'].every(hasTallHeader)).toBe(true);
    expect(hasTallHeader('emf')).toBe(false);
  });

  it('swaps the language prefix only', () => {
    expect(swapLangPath('/zh/article/12/', 'en')).toBe('/en/article/12/');
    expect(swapLangPath('/en', 'zh')).toBe('/zh');
    expect(swapLangPath('/zhongwen/', 'en')).toBe('/zhongwen/');
    expect(swapLangPath('/login?lang=zh', 'en')).toBe('/login?lang=zh');
  });

  it('puts a page in a language by its prefix, or else by its lang= parameter, keeping the rest', () => {
    expect(pathInLanguage('/zh/article/12/?page=2', 'en')).toBe('/en/article/12/?page=2');
    expect(pathInLanguage('/en', 'zh')).toBe('/zh');
    const results = new URL(pathInLanguage('/article?type=article&searchText=%E9%92%99%E9%92%9B%E7%9F%BF&lang=zh&page=2#hits', 'en'), 'http://x');
    expect(results.pathname + results.hash).toBe('/article#hits');
    expect(Object.fromEntries(results.searchParams)).toEqual({ type: 'article', searchText: '钙钛矿', lang: 'en', page: '2' });
    expect(pathInLanguage('/seniorSearch', 'en')).toBe('/seniorSearch?lang=en');
    expect(pathInLanguage('/login?lang=en', 'en')).toBe('/login?lang=en');
  });

  it("footer: '', 'null', 'undefined' are missing; light grey is style 1", () => {
    expect(present('null')).toBeNull();
    expect(present(' undefined ')).toBeNull();
    expect(present('')).toBeNull();
    expect(present('0571')).toBe('0571');
    expect(isLightGrey('#f5f5f5')).toBe(true);
    expect(isLightGrey('#EEE')).toBe(true);
    expect(isLightGrey('rgb(240, 240, 242)')).toBe(true);
    expect(footerStyle('#f2f2f2')).toBe(1);
    expect(footerStyle('#333333')).toBe(2);
    expect(footerStyle('#fdf6e3')).toBe(2);
    expect(footerStyle('null')).toBe(2);
    expect(footerTextColour('#1f3a5f')).toBe('#ffffff');
    expect(footerTextColour('#fdf6e3')).toBe('#1a1a1a');
  });

  it('logo fallbacks: none when hasLogo is 0, logoUrl first, English first in English, mobile first when fixed', () => {
    const header = { pcLogoUrl: 'pc', mobileLogoUrl: 'mobile', enPcLogoUrl: 'en-pc', enMobileLogoUrl: null, hasLogo: 1, logoUrl: null };
    const site = { logo1Url: 'site' };
    expect(headerLogo(header, site, 'zh', false)).toBe('pc');
    expect(headerLogo(header, site, 'en', false)).toBe('en-pc');
    expect(headerLogo(header, site, 'en', true)).toBe('mobile');
    expect(headerLogo({ ...header, mobileLogoUrl: 'null' }, site, 'zh', true)).toBe('pc');
    expect(headerLogo({ pcLogoUrl: null, mobileLogoUrl: null, enPcLogoUrl: null, enMobileLogoUrl: null, hasLogo: 1, logoUrl: null }, site, 'en', true)).toBe('site');
    expect(headerLogo({ ...header, logoUrl: 'own' }, site, 'en', false)).toBe('own');
    expect(headerLogo({ ...header, logoUrl: 'own' }, site, 'zh', true)).toBe('own');
    expect(headerLogo({ ...header, hasLogo: 0, logoUrl: 'own' }, site, 'zh', false)).toBeNull();
  });

  it('basket badge caps at 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('theme contrast', () => {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  it('white text on every primary and hover colour passes WCAG AA (4.5:1)', () => {
    for (const preset of Object.values(THEME_PRESETS)) {
      for (const colour of [preset.primary, preset.hover]) expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
