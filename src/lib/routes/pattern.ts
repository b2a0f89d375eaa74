export type RouteParams = Record<string, string | undefined>;

/** Matches a path against a pattern; returns the named segments or null. */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: RouteParams = {};
  let i = 0;
  for (const part of want) {
    if (part.startsWith('*')) {
      if (i >= have.length) return null;
      params[part.slice(1)] = have.slice(i).map(safeDecode).join('/');
      i = have.length;
      continue;
    }
    const optional = part.endsWith('?');
    if (part.startsWith(':')) {
      const name = part.slice(1, optional ? -1 : undefined);
      if (i < have.length) params[name] = safeDecode(have[i++] ?? '');
      else if (!optional) return null;
      continue;
    }
    if (have[i] !== part) return null;
    i++;
  }
  return i === have.length ? params : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
