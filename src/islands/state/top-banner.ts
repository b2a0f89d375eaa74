/** The top news banner: closed or not, remembered in localStorage 'topBanner' as the ids that were closed. */
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '../../lib/constants.ts';

export const $topBannerClosed = atom(false);

export function closeTopBanner(ids: string): void {
  $topBannerClosed.set(true);
  document.documentElement.classList.add('top-banner-closed');
  try {
    localStorage.setItem(STORAGE_KEYS.topBanner, ids);
  } catch {
    // not remembered, still closed for this page
  }
}
