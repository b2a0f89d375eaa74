/** The search box: expanded or not, and the last search kept in browser storage (datanav, selectvalue). */
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '../../lib/constants.ts';

export const $searchExpanded = atom(false);

export function setSearchExpanded(expanded: boolean): void {
  $searchExpanded.set(expanded);
}

export function toggleSearchExpanded(): void {
  $searchExpanded.set(!$searchExpanded.get());
}

export type LastSearch = { type: string; text: string; field: string };

/** Remembers the last search: datanav holds type, text and field; selectvalue the chosen condition's label. */
export function rememberSearch(search: LastSearch, conditionLabel: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.datanav, JSON.stringify(search));
    localStorage.setItem(STORAGE_KEYS.selectvalue, conditionLabel);
  } catch {
    // storage may be full or disabled; the search still runs
  }
}

export function lastSearch(): LastSearch | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.datanav);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { type, text, field } = value as Record<string, unknown>;
    return typeof type === 'string' && typeof text === 'string' && typeof field === 'string' ? { type, text, field } : null;
  } catch {
    return null;
  }
}

/** the chosen condition label, default 全部 */
export function lastConditionLabel(fallback: string): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.selectvalue) || fallback;
  } catch {
    return fallback;
  }
}
