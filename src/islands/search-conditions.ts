/**
 * Loads the condition options of a search type (GET search-conditions?type=) through the one API
 * client, which adds the siteId and language headers and the timestamps parameter (docs/product-rules.md#api-calls).
 * The data is checked by hand rather than with zod: this runs in every page's island bundle,
 * where zod would cost more than the rest of the search box.
 */
import type { SearchCondition } from '../content/types.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { browserApi } from './state/api.ts';

function isCondition(value: unknown): value is SearchCondition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['field'] === 'string' && typeof v['condition'] === 'string' && typeof v['enCondition'] === 'string';
}

/** Checks the envelope's data (a SearchCondition[]); throws on anything else. */
export function parseConditions(data: unknown): SearchCondition[] {
  if (!Array.isArray(data) || !data.every(isCondition)) throw new Error('bad response');
  return data;
}

export function fetchSearchConditions(siteId: number, type: 'article' | 'publication'): Promise<SearchCondition[]> {
  return browserApi(siteId).get(apiPaths.searchConditions, {
    params: { siteId },
    query: { type },
    parse: parseConditions,
  });
}
