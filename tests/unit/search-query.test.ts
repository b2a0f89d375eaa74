import { describe, expect, it } from 'vitest';
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH } from '../../src/lib/constants.ts';
import {
  type Checked,
  checkText,
  parseSimpleSearch,
  type SearchErrorCode,
  SORTS,
  simpleSearchParams,
  splitKeywords,
  textClauses,
  YEAR_FILTERS,
} from '../../src/lib/search-query.ts';

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
