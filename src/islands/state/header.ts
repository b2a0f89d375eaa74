/** Whether the header is in its fixed (ceiling) state; set by the scroll watcher, read by the menu and search box. */
import { atom } from 'nanostores';

export const $headerFixed = atom(false);

export function setHeaderFixed(fixed: boolean): void {
  if ($headerFixed.get() !== fixed) $headerFixed.set(fixed);
}
