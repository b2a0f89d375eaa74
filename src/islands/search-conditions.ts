/**
 * Loads the condition options of a search type (GET search-conditions?type=). A small local client
 * until src/lib/api-client.ts exists; it follows SPEC section 7 (siteId and language headers, timestamps).
 * The response is checked by hand rather than with zod: this runs in every page's island bundle,
 * where zod would cost more than the rest of the search box.
 */
import type { SearchCondition } from '../content/types.ts';
import { API_HEADERS, API_STATUS, apiPaths, fillPath } from '../lib/api-paths.ts';

function isCondition(value: unknown): value is SearchCondition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['field'] === 'string' && typeof v['condition'] === 'string' && typeof v['enCondition'] === 'string';
}

/** Parses the envelope { status, message, data: SearchCondition[] }; throws on anything else. */
export function parseConditionsResponse(body: unknown): SearchCondition[] {
  if (typeof body !== 'object' || body === null) throw new Error('bad response');
  const { status, message, data } = body as Record<string, unknown>;
  if (status !== API_STATUS.ok) throw new Error(typeof message === 'string' ? message : 'bad response');
  if (!Array.isArray(data) || !data.every(isCondition)) throw new Error('bad response');
  return data;
}

export async function fetchSearchConditions(siteId: number, type: 'article' | 'publication', lang: string): Promise<SearchCondition[]> {
  const url = `${fillPath(apiPaths.searchConditions, { siteId })}?type=${type}&timestamps=${Date.now()}`;
  const response = await fetch(url, { headers: { [API_HEADERS.siteId]: String(siteId), [API_HEADERS.language]: lang } });
  return parseConditionsResponse(await response.json());
}
