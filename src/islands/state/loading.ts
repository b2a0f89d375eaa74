/** Whether API calls are running long enough to show the loading indicator (docs/product-rules.md#loading-and-connection). */
import { atom } from 'nanostores';
import { LOADING_DELAY_MS } from '../../lib/constants.ts';

export const $loading = atom(false);
let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Counts a call as running; returns the function that counts it as ended. The indicator shows once
 * a call has run LOADING_DELAY_MS (quick calls never flash it) and hides when every call has ended.
 */
export function startLoading(): () => void {
  pending++;
  if (pending === 1) timer = setTimeout(() => $loading.set(pending > 0), LOADING_DELAY_MS);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending--;
    if (pending > 0) return;
    clearTimeout(timer);
    $loading.set(false);
  };
}
