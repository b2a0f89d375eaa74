/**
 * The advanced search (/seniorSearch, docs/product-rules.md#advanced-search): rows of field and text joined by
 * uppercase AND/OR/NOT, each precise (1) or fuzzy (0), plus publication type, open access and time
 * span. Rows combine left to right as the form reads: ((row1 op2 row2) op3 row3). The form keeps
 * its state in the URL with these parameters, and the advSearch call takes the same ones:
 *   field1=title&text1=…&mode1=1&op2=AND&field2=author&text2=…&pubType=0&oa=0&span=5
 */
import { type Checked, checkText, type Filters, fail, type Sort, splitKeywords } from './search-query.ts';

export const ADVANCED_FIELDS = [
  'title',
  'author',
  'institution',
  'keyword',
  'abstract',
  'doi',
  'part',
  'firstPageNum',
  'lastPageNum',
] as const;
export type AdvancedField = (typeof ADVANCED_FIELDS)[number];
export const OPERATORS = ['AND', 'OR', 'NOT'] as const;
export type Operator = (typeof OPERATORS)[number];
export const SPANS = ['all', '10', '5'] as const;
export type Span = (typeof SPANS)[number];
/** ours, not rc-pub's: a form longer than this is not a person searching */
export const ADVANCED_MAX_ROWS = 10;

/** mode: 1 precise, 0 fuzzy. The first row's operator is always AND (the form shows none). */
export type AdvancedRow = { op: Operator; field: AdvancedField; text: string; mode: 0 | 1 };
export type AdvancedSearch = {
  rows: AdvancedRow[];
  /** 0 formal publication, 1 online first, null either */
  pubType: 0 | 1 | null;
  /** 0 open access, 1 not open access, null either (docs/product-rules.md#advanced-search) */
  openAccess: 0 | 1 | null;
  span: Span;
};

/** An advanced search with the result list's own parameters (the advSearch call's whole input). */
export type AdvancedRequest = { search: AdvancedSearch; sort: Sort; page: number; size: number; filters: Filters };

export const DEFAULT_MODE: 0 | 1 = 0;

const PAGE_FIELDS: readonly AdvancedField[] = ['firstPageNum', 'lastPageNum'];
const ROW_PARAM = /^(op|field|text|mode)(\d{1,3})$/u;

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function flag(value: string | null): 0 | 1 | null | undefined {
  if (value === null || value === '') return null;
  return value === '0' ? 0 : value === '1' ? 1 : undefined;
}

/** The texts a row searches for: the keyword field takes several, separated by ';'. */
export function rowTerms(row: AdvancedRow): string[] {
  return row.field === 'keyword' ? splitKeywords(row.text) : [row.text];
}

type RawRow = { op?: string; field?: string; text?: string; mode?: string };

function checkRow(raw: RawRow, n: number, first: boolean): Checked<AdvancedRow> {
  const op = raw.op ?? '';
  // NOT cannot open the query: there is nothing yet to take rows away from
  if ((op !== '' && !oneOf(OPERATORS, op)) || (first && op === 'NOT')) return fail('badOperator', `op${n}`);
  const field = raw.field === 'DOI' ? 'doi' : (raw.field ?? 'title');
  if (!oneOf(ADVANCED_FIELDS, field)) return fail('unknownField', `field${n}`);
  const text = (raw.text ?? '').trim();
  const textError = checkText(text, `text${n}`);
  if (textError) return { ok: false, error: textError };
  if (PAGE_FIELDS.includes(field) && !/^\d{1,6}$/u.test(text)) return fail('badNumber', `text${n}`);
  if (field === 'part' && !/^[A-Za-z0-9-]{1,10}$/u.test(text)) return fail('badValue', `text${n}`);
  if (field === 'keyword' && splitKeywords(text).length === 0) return fail('empty', `text${n}`);
  const mode = raw.mode === undefined || raw.mode === '' ? DEFAULT_MODE : flag(raw.mode);
  if (mode === null || mode === undefined) return fail('badValue', `mode${n}`);
  return { ok: true, value: { op: first || op === '' ? 'AND' : op, field, text, mode } };
}

/**
 * Reads the form state. Rows are numbered from 1; gaps are fine (a removed row) and rows without
 * text are left out, but at least one row must have some.
 */
export function parseAdvancedSearch(params: URLSearchParams): Checked<AdvancedSearch> {
  const raw = new Map<number, RawRow>();
  for (const [key, value] of params) {
    const match = ROW_PARAM.exec(key);
    if (!match) continue;
    const n = Number(match[2]);
    const row = raw.get(n) ?? {};
    row[match[1] as keyof RawRow] = value;
    raw.set(n, row);
  }
  const numbered = [...raw.entries()].filter(([, row]) => (row.text ?? '').trim() !== '').sort(([a], [b]) => a - b);
  if (numbered.length === 0) return fail('empty', 'text1');
  if (numbered.length > ADVANCED_MAX_ROWS) return fail('tooManyRows', 'text');
  const rows: AdvancedRow[] = [];
  for (const [n, row] of numbered) {
    const checked = checkRow(row, n, rows.length === 0);
    if (!checked.ok) return checked;
    rows.push(checked.value);
  }
  const pubType = flag(params.get('pubType'));
  if (pubType === undefined) return fail('badValue', 'pubType');
  const openAccess = flag(params.get('oa'));
  if (openAccess === undefined) return fail('badValue', 'oa');
  const span = params.get('span') || 'all';
  if (!oneOf(SPANS, span)) return fail('badValue', 'span');
  return { ok: true, value: { rows, pubType, openAccess, span } };
}

/** The form state as URL parameters, rows renumbered from 1, defaults left out. */
export function advancedSearchParams(search: AdvancedSearch): URLSearchParams {
  const params = new URLSearchParams();
  search.rows.forEach((row, i) => {
    const n = i + 1;
    if (n > 1) params.set(`op${n}`, row.op);
    params.set(`field${n}`, row.field);
    params.set(`text${n}`, row.text);
    if (row.mode !== DEFAULT_MODE) params.set(`mode${n}`, String(row.mode));
  });
  if (search.pubType !== null) params.set('pubType', String(search.pubType));
  if (search.openAccess !== null) params.set('oa', String(search.openAccess));
  if (search.span !== 'all') params.set('span', search.span);
  return params;
}
