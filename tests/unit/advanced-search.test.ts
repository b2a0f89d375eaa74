import { describe, expect, it } from 'vitest';
import {
  ADVANCED_MAX_ROWS,
  type AdvancedSearch,
  advancedSearchParams,
  parseAdvancedSearch,
  rowTerms,
} from '../../src/lib/advanced-search.ts';
import type { Checked, SearchErrorCode } from '../../src/lib/search-query.ts';

const q = (query: string) => new URLSearchParams(query);
const value = <T>(checked: Checked<T> | null): T => {
  if (!checked?.ok) throw new Error(`expected ok, got ${JSON.stringify(checked)}`);
  return checked.value;
};
const code = <T>(checked: Checked<T> | null): SearchErrorCode | 'ok' =>
  checked?.ok === false ? checked.error.code : 'ok';

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
