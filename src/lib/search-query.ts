/**
 * The simple search's parameters and the text rules every search shares (docs/product-rules.md#search-box).
 * Used by the API, the result pages and the search island, so it imports nothing from node or zod.
 * Errors are codes; src/i18n/{zh,en}/search.ts holds their messages.
 */
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE_SIZE, SEARCH_RESULT_SIZE } from './constants.ts';
import { conditionTypeFor, type ResourceCode, resourceTypeByCode, SEARCH_FIELDS } from './resource-types.ts';

export const SEARCH_ERROR_CODES = [
  'empty',
  'tooLong',
  'unbalancedQuotes',
  'syntax',
  'unknownType',
  'unknownField',
  'badOperator',
  'tooManyValues',
  'tooManyRows',
  'badNumber',
  'badSize',
  'badValue',
] as const;
export type SearchErrorCode = (typeof SEARCH_ERROR_CODES)[number];
/** param: the query parameter at fault ('q', 'journal', 'text2' …), for the message's {param} */
export type SearchError = { code: SearchErrorCode; param: string };
export type Checked<T> = { ok: true; value: T } | { ok: false; error: SearchError };

export const fail = (code: SearchErrorCode, param: string): { ok: false; error: SearchError } => ({
  ok: false,
  error: { code, param },
});

/**
 * Characters with a meaning in FTS5 or tsquery syntax that a visitor might type expecting it.
 * Tokens are quoted before they reach an engine, so this is for a clear answer, not for safety.
 */
export const SYNTAX_CHARACTERS = /[*^{}[\]~\\|]/u;

/** Checks free text: non-empty, at most SEARCH_MAX_LENGTH characters, balanced quotes, no syntax characters. */
export function checkText(text: string, param: string): SearchError | null {
  if (text.trim() === '') return { code: 'empty', param };
  if ([...text].length > SEARCH_MAX_LENGTH) return { code: 'tooLong', param };
  const straight = text.split('"').length - 1;
  if (straight % 2 === 1 || text.split('“').length !== text.split('”').length)
    return { code: 'unbalancedQuotes', param };
  if (SYNTAX_CHARACTERS.test(text)) return { code: 'syntax', param };
  return null;
}

export const TEXT_OPERATORS = ['AND', 'OR', 'NOT'] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type TextClause = { op: TextOperator; text: string };

/**
 * The simple box's text as clauses combined left to right, as the advanced search's rows are
 * (docs/product-rules.md#search-operators): `材料 OR 界面`, `石墨烯 NOT 复合材料`. An operator is
 * AND, OR or NOT in capitals, alone between two parts and outside quotes; anywhere else (first,
 * last, doubled, lowercase, quoted) it is a plain word. The first clause's op is AND.
 */
export function textClauses(text: string): TextClause[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '“') quoted = true;
    else if (char === '”') quoted = false;
    if (!quoted && /\s/u.test(char)) {
      if (word) words.push(word);
      word = '';
    } else word += char;
  }
  if (word) words.push(word);
  const clauses: { op: TextOperator; words: string[] }[] = [{ op: 'AND', words: [] }];
  for (const [index, each] of words.entries()) {
    const current = clauses.at(-1)!;
    const op = TEXT_OPERATORS.find((operator) => operator === each);
    if (op && current.words.length > 0 && index < words.length - 1) clauses.push({ op, words: [] });
    else current.words.push(each);
  }
  return clauses.map((clause) => ({ op: clause.op, text: clause.words.join(' ') }));
}

/** Several keywords in one box are separated by ';' (or the full-width '；'). */
export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[;；]/u)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** type=article and type=thesis are one type; no type means articles. */
export function searchTypeOf(value: string | null): ResourceCode | null {
  if (value === null || value === '') return 'article';
  return resourceTypeByCode(value)?.code ?? null;
}

/** The fields a type can be searched by (docs/product-rules.md#search-types-and-fields); journals have their own. */
export function fieldsOf(type: ResourceCode): string[] {
  return SEARCH_FIELDS[conditionTypeFor(type)].map((f) => f.field);
}

export const SORTS = ['relevance', 'date', 'views', 'downloads', 'citations', 'updated'] as const;
export type Sort = (typeof SORTS)[number];
export const YEAR_FILTERS = ['all', '5', '3', '1'] as const;
export type YearFilter = (typeof YEAR_FILTERS)[number];
/** pubYear: years of publication, the values of the year facet (year= is the window of the last n years) */
export const FILTER_PARAMS = ['pubYear', 'journal', 'column', 'keyword', 'author'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
/** The facet (a key of the search's clusters) whose values each filter takes. */
export const FACET_OF = {
  pubYear: 'year',
  journal: 'journal',
  column: 'column',
  keyword: 'keyword',
  author: 'author',
} as const satisfies Record<FilterParam, string>;
export type Filters = Record<FilterParam, string[]>;

export type SimpleSearch = {
  type: ResourceCode;
  /** null: all fields */
  field: string | null;
  text: string;
  /** 1-based, as in page URLs */
  page: number;
  size: number;
  sort: Sort;
  year: YearFilter;
  filters: Filters;
};

/** No value chosen in any facet. */
export const noFilters = (): Filters => ({ pubYear: [], journal: [], column: [], keyword: [], author: [] });

/** A first-page search of this type, sorted by relevance, no filters: what a link or an empty form starts from. */
export function newSearch(type: ResourceCode, field: string | null = null, text = ''): SimpleSearch {
  return { type, field, text, page: 1, size: SEARCH_RESULT_SIZE, sort: 'relevance', year: 'all', filters: noFilters() };
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function positiveInt(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,6}$/u.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** Filter values: repeated parameters and/or ';'-separated, trimmed, repeats dropped, at most MAX_SELECTIONS. */
function readFilters(params: URLSearchParams): Checked<Filters> {
  const filters = noFilters();
  for (const name of FILTER_PARAMS) {
    const values = splitKeywords(params.getAll(name).join(';'));
    if (values.length > MAX_SELECTIONS) return fail('tooManyValues', name);
    if (values.some((value) => [...value].length > SEARCH_MAX_LENGTH)) return fail('tooLong', name);
    if (name === 'pubYear' && values.some((value) => !/^\d{4}$/u.test(value))) return fail('badValue', name);
    filters[name] = values;
  }
  return { ok: true, value: filters };
}

/**
 * Reads a simple search. The API names the text 'q', the result pages 'searchText' (docs/product-rules.md#result-pages).
 */
export function parseSimpleSearch(params: URLSearchParams, textParam: 'q' | 'searchText' = 'q'): Checked<SimpleSearch> {
  const type = searchTypeOf(params.get('type'));
  if (type === null) return fail('unknownType', 'type');
  const fieldValue = params.get('field') ?? '';
  if (fieldValue !== '' && !fieldsOf(type).includes(fieldValue)) return fail('unknownField', 'field');
  const text = params.get(textParam) ?? '';
  const textError = checkText(text, textParam);
  if (textError) return { ok: false, error: textError };
  const page = positiveInt(params.get('page'), 1, 999_999);
  if (page === null) return fail('badNumber', 'page');
  const size = positiveInt(params.get('size'), SEARCH_RESULT_SIZE, SEARCH_MAX_PAGE_SIZE);
  if (size === null) return fail('badSize', 'size');
  const sort = params.get('sort') || 'relevance';
  if (!oneOf(SORTS, sort)) return fail('badValue', 'sort');
  const year = params.get('year') || 'all';
  if (!oneOf(YEAR_FILTERS, year)) return fail('badValue', 'year');
  const filters = readFilters(params);
  if (!filters.ok) return filters;
  const value = { type, field: fieldValue || null, text: text.trim(), page, size, sort, year, filters: filters.value };
  return { ok: true, value };
}

/** The parameters of a simple search, defaults left out, so equal searches have equal URLs. */
export function simpleSearchParams(search: SimpleSearch, textParam: 'q' | 'searchText' = 'q'): URLSearchParams {
  const params = new URLSearchParams({ type: search.type });
  if (search.field) params.set('field', search.field);
  params.set(textParam, search.text);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.size !== SEARCH_RESULT_SIZE) params.set('size', String(search.size));
  if (search.sort !== 'relevance') params.set('sort', search.sort);
  if (search.year !== 'all') params.set('year', search.year);
  for (const name of FILTER_PARAMS) for (const value of search.filters[name]) params.append(name, value);
  return params;
}
