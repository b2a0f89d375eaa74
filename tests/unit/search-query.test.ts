import { describe, expect, it } from 'vitest';
import { en, zh } from '../../src/i18n/index.ts';
import { searchErrorMessage } from '../../src/i18n/search-errors.ts';
import {
  ADVANCED_MAX_ROWS,
  type AdvancedSearch,
  advancedSearchParams,
  parseAdvancedSearch,
  rowTerms,
} from '../../src/lib/advanced-search.ts';
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH } from '../../src/lib/constants.ts';
import {
  type Checked,
  checkText,
  parseSimpleSearch,
  SEARCH_ERROR_CODES,
  type SearchErrorCode,
  SORTS,
  simpleSearchParams,
  splitKeywords,
  textClauses,
  YEAR_FILTERS,
} from '../../src/lib/search-query.ts';
import { parseResultRoute, resultRouteHref, resultUrl } from '../../src/lib/search-rules.ts';

const q = (query: string) => new URLSearchParams(query);
const value = <T>(checked: Checked<T> | null): T => {
  if (!checked?.ok) throw new Error(`expected ok, got ${JSON.stringify(checked)}`);
  return checked.value;
};
const code = <T>(checked: Checked<T> | null): SearchErrorCode | 'ok' =>
  checked?.ok === false ? checked.error.code : 'ok';

describe('checkText', () => {
  it('applies every text rule', () => {
    expect(checkText('钙钛矿 "solar cell"', 'q')).toBeNull();
    expect(checkText('1+X证书制度 (review): R&D!', 'q')).toBeNull();
    expect(checkText('   ', 'q')?.code).toBe('empty');
    expect(checkText('字'.repeat(SEARCH_MAX_LENGTH), 'q')).toBeNull();
    expect(checkText('字'.repeat(SEARCH_MAX_LENGTH + 1), 'q')?.code).toBe('tooLong');
    // characters, not UTF-16 units: 150 characters outside the BMP are still 150
    expect(checkText('𠀀'.repeat(SEARCH_MAX_LENGTH), 'q')).toBeNull();
    expect(checkText('"solar cell', 'q')?.code).toBe('unbalancedQuotes');
    expect(checkText('“钙钛矿', 'q')?.code).toBe('unbalancedQuotes');
    expect(checkText('“钙钛矿”', 'q')).toBeNull();
    for (const char of ['*', '^', '{', '}', '[', ']', '~', '\\', '|']) {
      expect(checkText(`solar${char}`, 'text2')).toEqual({ code: 'syntax', param: 'text2' });
    }
  });

  it('splits keywords on ; and ；', () => {
    expect(splitKeywords(' 石墨烯; 锂离子；石墨烯;;')).toEqual(['石墨烯', '锂离子']);
  });
});

describe('simple search parameters', () => {
  it('reads defaults and every parameter', () => {
    expect(value(parseSimpleSearch(q('q=钙钛矿')))).toEqual({
      type: 'article',
      field: null,
      text: '钙钛矿',
      page: 1,
      size: 20,
      sort: 'relevance',
      year: 'all',
      filters: { pubYear: [], journal: [], column: [], keyword: [], author: [] },
    });
    const full = value(
      parseSimpleSearch(
        q(
          'type=thesis&field=keyword&q=+石墨烯+&page=3&size=50&sort=citations&year=5&journal=1&journal=2;3&author=王伟',
        ),
      ),
    );
    expect(full).toMatchObject({
      type: 'article',
      field: 'keyword',
      text: '石墨烯',
      page: 3,
      size: 50,
      sort: 'citations',
      year: '5',
    });
    expect(full.filters).toEqual({ pubYear: [], journal: ['1', '2', '3'], column: [], keyword: [], author: ['王伟'] });
  });

  it('offers the sorts and year filters of SPEC sections 3 and 9', () => {
    expect(SORTS).toEqual(['relevance', 'date', 'views', 'downloads', 'citations', 'updated']);
    expect(YEAR_FILTERS).toEqual(['all', '5', '3', '1']);
  });

  it('treats type=article and type=thesis alike', () => {
    expect(value(parseSimpleSearch(q('type=thesis&q=x')))).toEqual(value(parseSimpleSearch(q('type=article&q=x'))));
  });

  it('checks fields against the type', () => {
    expect(value(parseSimpleSearch(q('type=publication&field=issn&q=0412-1961'))).field).toBe('issn');
    expect(code(parseSimpleSearch(q('type=article&field=issn&q=x')))).toBe('unknownField');
    expect(code(parseSimpleSearch(q('type=publication&field=author&q=x')))).toBe('unknownField');
    expect(code(parseSimpleSearch(q('type=book&q=x')))).toBe('unknownType');
  });

  it('answers a code for each bad parameter', () => {
    expect(code(parseSimpleSearch(q('q=')))).toBe('empty');
    expect(code(parseSimpleSearch(q(`q=${'a'.repeat(151)}`)))).toBe('tooLong');
    expect(code(parseSimpleSearch(q('q=a*')))).toBe('syntax');
    expect(code(parseSimpleSearch(q('q="a')))).toBe('unbalancedQuotes');
    for (const page of ['0', '-1', 'x', '1.5', '9999999'])
      expect(code(parseSimpleSearch(q(`q=a&page=${page}`)))).toBe('badNumber');
    for (const size of ['0', '101', 'x']) expect(code(parseSimpleSearch(q(`q=a&size=${size}`)))).toBe('badSize');
    expect(code(parseSimpleSearch(q('q=a&sort=title')))).toBe('badValue');
    expect(code(parseSimpleSearch(q('q=a&year=2')))).toBe('badValue');
  });

  it(`allows at most ${MAX_SELECTIONS} values per filter, counted after repeats are dropped`, () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    for (const name of ['journal', 'column', 'keyword', 'author']) {
      expect(code(parseSimpleSearch(q(`q=x&${name}=${five.join(';')}`)))).toBe('ok');
      expect(code(parseSimpleSearch(q(`q=x&${name}=${five.join(';')}&${name}=a`)))).toBe('ok');
      const six = parseSimpleSearch(q(`q=x&${name}=${[...five, 'f'].join(';')}`));
      expect(six).toEqual({ ok: false, error: { code: 'tooManyValues', param: name } });
    }
  });

  it('round-trips through its parameters, defaults left out', () => {
    for (const query of [
      'q=钙钛矿',
      'type=publication&field=cn&q=CN21-1139/TG&page=2&size=10&sort=date&year=1&journal=7',
      'q=a b&author=Smith, J.&author=王伟',
    ]) {
      const search = value(parseSimpleSearch(q(query)));
      expect(value(parseSimpleSearch(simpleSearchParams(search)))).toEqual(search);
    }
    expect(simpleSearchParams(value(parseSimpleSearch(q('q=x')))).toString()).toBe('type=article&q=x');
  });
});

describe('advanced search', () => {
  const parse = (query: string) => parseAdvancedSearch(q(query));

  it('reads rows, operators, modes and the form options', () => {
    expect(
      value(
        parse(
          'field1=title&text1=钙钛矿&mode1=1&op2=OR&field2=keyword&text2=石墨烯;锂离子&op3=NOT&field3=author&text3=王伟&pubType=1&oa=0&span=5',
        ),
      ),
    ).toEqual({
      rows: [
        { op: 'AND', field: 'title', text: '钙钛矿', mode: 1 },
        { op: 'OR', field: 'keyword', text: '石墨烯;锂离子', mode: 0 },
        { op: 'NOT', field: 'author', text: '王伟', mode: 0 },
      ],
      pubType: 1,
      openAccess: 0,
      span: '5',
    });
  });

  it('accepts every field of SPEC section 3', () => {
    const fields: [string, string][] = [
      ['title', 'x'],
      ['author', 'x'],
      ['institution', 'x'],
      ['keyword', 'x'],
      ['abstract', 'x'],
      ['doi', '10.1000/x'],
      ['DOI', '10.1000/x'],
      ['part', 'S1'],
      ['firstPageNum', '12'],
      ['lastPageNum', '30'],
    ];
    for (const [field, text] of fields) expect(code(parse(`field1=${field}&text1=${text}`))).toBe('ok');
    expect(value(parse('field1=DOI&text1=10.1000/x')).rows[0]?.field).toBe('doi');
    expect(parse('field1=journal&text1=x')).toEqual({ ok: false, error: { code: 'unknownField', param: 'field1' } });
  });

  it('takes uppercase operators only, and no NOT on the first row', () => {
    for (const op of ['and', 'or', 'not', 'And', 'XOR', '&&']) {
      expect(parse(`text1=a&op2=${encodeURIComponent(op)}&text2=b`)).toEqual({
        ok: false,
        error: { code: 'badOperator', param: 'op2' },
      });
    }
    expect(code(parse('op1=NOT&text1=a'))).toBe('badOperator');
    expect(value(parse('op1=OR&text1=a')).rows[0]?.op).toBe('AND');
    expect(value(parse('text1=a&text2=b')).rows[1]?.op).toBe('AND');
  });

  it('drops rows without text, keeps the order of gaps, and needs one row', () => {
    expect(value(parse('text1=&field2=author&text2=b&text5=c')).rows.map((r) => r.text)).toEqual(['b', 'c']);
    expect(code(parse('field1=title&text1=+'))).toBe('empty');
    expect(code(parse('span=5'))).toBe('empty');
    const rows = Array.from({ length: ADVANCED_MAX_ROWS + 1 }, (_, i) => `text${i + 1}=w${i}`).join('&');
    expect(code(parse(rows))).toBe('tooManyRows');
  });

  it('checks each row’s text and value', () => {
    expect(parse(`text1=a&text2=${'b'.repeat(151)}`)).toEqual({
      ok: false,
      error: { code: 'tooLong', param: 'text2' },
    });
    expect(code(parse('text1=a~b'))).toBe('syntax');
    expect(code(parse('text1=%22a'))).toBe('unbalancedQuotes');
    expect(code(parse('field1=firstPageNum&text1=twelve'))).toBe('badNumber');
    expect(code(parse('field1=part&text1=a b'))).toBe('badValue');
    expect(code(parse('field1=keyword&text1=;;'))).toBe('empty');
    expect(code(parse('text1=a&mode1=2'))).toBe('badValue');
    expect(code(parse('text1=a&pubType=2'))).toBe('badValue');
    expect(code(parse('text1=a&oa=yes'))).toBe('badValue');
    expect(code(parse('text1=a&span=3'))).toBe('badValue');
  });

  it('splits the keyword field on ;', () => {
    const [row] = value(parse('field1=keyword&text1=石墨烯; 锂离子')).rows;
    expect(row && rowTerms(row)).toEqual(['石墨烯', '锂离子']);
    expect(rowTerms({ op: 'AND', field: 'title', text: 'a;b', mode: 0 })).toEqual(['a;b']);
  });

  it('keeps its state in the URL: parameters round-trip, rows renumbered', () => {
    const state: AdvancedSearch = {
      rows: [
        { op: 'AND', field: 'title', text: '钙钛矿 "solar cell"', mode: 1 },
        { op: 'NOT', field: 'doi', text: '10.1016/j.actamat.2020.01.001', mode: 0 },
        { op: 'OR', field: 'lastPageNum', text: '30', mode: 1 },
      ],
      pubType: 0,
      openAccess: 1,
      span: '10',
    };
    const params = advancedSearchParams(state);
    expect(value(parseAdvancedSearch(new URLSearchParams(params.toString())))).toEqual(state);
    expect(advancedSearchParams(value(parse('text3=a&op7=OR&text7=b'))).toString()).toBe(
      'field1=title&text1=a&op2=OR&field2=title&text2=b',
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

describe('messages', () => {
  it('has every error code in both dictionaries, limits filled in', () => {
    for (const errorCode of SEARCH_ERROR_CODES) {
      expect(zh.search.errors[errorCode]).toMatch(/\S/u);
      expect(en.search.errors[errorCode]).toMatch(/\S/u);
    }
    expect(searchErrorMessage({ code: 'tooLong', param: 'q' }, 'en')).toBe(
      'The search term cannot be longer than 150 characters.',
    );
    expect(searchErrorMessage({ code: 'tooManyValues', param: 'journal' }, 'zh')).toBe('最多只能选择 5 项。');
    expect(searchErrorMessage({ code: 'empty', param: 'q' }, 'en')).toBe(en.common.requireKeyword);
  });
});

describe('operators in the simple box', () => {
  it('splits at AND, OR and NOT in capitals between two parts, outside quotes', () => {
    expect(textClauses('材料 OR 界面')).toEqual([
      { op: 'AND', text: '材料' },
      { op: 'OR', text: '界面' },
    ]);
    expect(textClauses('graphene composite NOT oxide AND film')).toEqual([
      { op: 'AND', text: 'graphene composite' },
      { op: 'NOT', text: 'oxide' },
      { op: 'AND', text: 'film' },
    ]);
    expect(textClauses('材料 or 界面')).toEqual([{ op: 'AND', text: '材料 or 界面' }]);
    expect(textClauses('OR 材料 OR')).toEqual([{ op: 'AND', text: 'OR 材料 OR' }]);
    expect(textClauses('"材料 OR 界面" NOT 涂层')).toEqual([
      { op: 'AND', text: '"材料 OR 界面"' },
      { op: 'NOT', text: '涂层' },
    ]);
  });
});
