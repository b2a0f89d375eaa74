/** The side menu (navStyle 3 slider, and the narrow-screen menu): open or closed. */
import { atom } from 'nanostores';

export const $sideMenuOpen = atom(false);

export function closeSideMenu(): void {
  $sideMenuOpen.set(false);
}

export function toggleSideMenu(): void {
  $sideMenuOpen.set(!$sideMenuOpen.get());
}
