/**
 * Page numbers in URLs are 1-based (?page=2); ContentSource pages are 0-based. Page 1 has no
 * query parameter so it shares the canonical URL.
 */
export type PagerItem = { kind: 'page'; page: number; href: string; current: boolean } | { kind: 'gap' };

/** Reads ?page= : a positive integer, anything else is page 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(Number(value), 1);
}

export function pageCount(total: number, size: number): number {
  if (size <= 0 || total <= 0) return 1;
  return Math.ceil(total / size);
}

/** The URL of one page: the other query parameters are kept, page 1 drops ?page. */
export function pageHref(path: string, params: URLSearchParams | Record<string, string>, page: number): string {
  const query = new URLSearchParams(params instanceof URLSearchParams ? params : Object.entries(params));
  query.delete('page');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A page's own URL: its path, with ?page=N from page 2 on (a query already in the path is kept). */
export function withPage(path: string, page: number | undefined): string {
  if (page === undefined || page <= 1) return path;
  const [base = '', search = ''] = path.split('?');
  return pageHref(base, new URLSearchParams(search), page);
}

/** First, last and a window around the current page, with gaps between. */
export function pagerItems(current: number, count: number, hrefOf: (page: number) => string, radius = 2): PagerItem[] {
  if (count <= 1) return [];
  const wanted = new Set<number>([1, count]);
  for (let page = current - radius; page <= current + radius; page++) if (page >= 1 && page <= count) wanted.add(page);
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous > 1) items.push({ kind: 'gap' });
    items.push({ kind: 'page', page, href: hrefOf(page), current: page === current });
    previous = page;
  }
  return items;
}
