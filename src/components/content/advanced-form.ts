/**
 * /seniorSearch's state from its URL: the form's rows as typed (kept even when invalid, so the
 * visitor can fix them), the row buttons (add=1, remove=N: plain GET submits, no JavaScript), and
 * the search to run when the URL holds one.
 */
import type { ContentSource } from '../../content/source.ts';
import type { SearchResult } from '../../content/types.ts';
import { searchErrorMessage } from '../../i18n/search-errors.ts';
import {
  ADVANCED_FIELDS,
  ADVANCED_MAX_ROWS,
  type AdvancedRequest,
  advancedSearchParams,
  parseAdvancedSearch,
} from '../../lib/advanced-search.ts';
import type { Lang } from '../../lib/lang.ts';
import { parseSimpleSearch } from '../../lib/search-query.ts';

export type FormRow = { op: string; field: string; text: string; mode: string };
export type AdvancedView = {
  rows: FormRow[];
  pubType: string;
  oa: string;
  span: string;
  error: string | null;
  request: AdvancedRequest | null;
  result: SearchResult | null;
};

const ROW = /^(op|field|text|mode)(\d{1,3})$/u;
const DEFAULT_FIELDS = ['title', 'author', 'keyword'];

function formRows(params: URLSearchParams): FormRow[] {
  const byNumber = new Map<number, FormRow>();
  for (const [key, value] of params) {
    const match = ROW.exec(key);
    if (!match) continue;
    const n = Number(match[2]);
    const row = byNumber.get(n) ?? { op: 'AND', field: 'title', text: '', mode: '0' };
    row[match[1] as keyof FormRow] = value;
    byNumber.set(n, row);
  }
  const rows = [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  const remove = Number(params.get('remove') ?? 0);
  if (remove >= 1 && remove <= rows.length && rows.length > 1) rows.splice(remove - 1, 1);
  if (params.has('add') && rows.length < ADVANCED_MAX_ROWS)
    rows.push({ op: 'AND', field: 'title', text: '', mode: '0' });
  if (rows.length === 0) return DEFAULT_FIELDS.map((field) => ({ op: 'AND', field, text: '', mode: '0' }));
  return rows.map((row) => ({
    ...row,
    field: (ADVANCED_FIELDS as readonly string[]).includes(row.field) ? row.field : 'title',
  }));
}

export async function loadAdvanced(url: URL, source: ContentSource, siteId: number, lang: Lang): Promise<AdvancedView> {
  const params = url.searchParams;
  const base = {
    rows: formRows(params),
    pubType: params.get('pubType') ?? '',
    oa: params.get('oa') ?? '',
    span: params.get('span') ?? 'all',
  };
  const editing = params.has('add') || params.has('remove');
  const hasText = base.rows.some((row) => row.text.trim() !== '');
  if (editing || !hasText) return { ...base, error: null, request: null, result: null };
  const search = parseAdvancedSearch(params);
  if (!search.ok) return { ...base, error: searchErrorMessage(search.error, lang), request: null, result: null };
  const paging = new URLSearchParams(params);
  paging.set('q', 'x');
  for (const key of ['type', 'field']) paging.delete(key);
  const rest = parseSimpleSearch(paging);
  if (!rest.ok) return { ...base, error: searchErrorMessage(rest.error, lang), request: null, result: null };
  const request: AdvancedRequest = {
    search: search.value,
    sort: rest.value.sort,
    page: rest.value.page,
    size: rest.value.size,
    filters: rest.value.filters,
  };
  return { ...base, error: null, request, result: await source.advancedSearch(siteId, request) };
}

/** The page's own URL for a request with some of its list state changed (sorts, pager). */
export function advancedHref(
  request: AdvancedRequest,
  lang: Lang,
  change: { sort?: AdvancedRequest['sort']; page?: number } = {},
): string {
  const params = advancedSearchParams(request.search);
  const sort = change.sort ?? request.sort;
  const page = change.page ?? (change.sort ? 1 : request.page);
  if (sort !== 'relevance') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  params.set('lang', lang);
  return `/seniorSearch?${params}`;
}
