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
