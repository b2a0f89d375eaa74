export type QueryValues = Record<string, string | number | null | undefined>;

/** Appends a query string; null, undefined and '' values are left out. */
export function withQuery(path: string, query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
