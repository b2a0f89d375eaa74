/** Online/offline state (docs/product-rules.md#loading-and-connection): a toast when the connection drops and when it returns. */
import { atom } from 'nanostores';
import { clientText } from './client-text.ts';
import { showToast } from './toast.ts';

export const $online = atom(true);

export function watchConnection(): void {
  $online.set(navigator.onLine);
  window.addEventListener('offline', () => {
    $online.set(false);
    showToast(clientText().offline, 'error');
  });
  window.addEventListener('online', () => {
    $online.set(true);
    showToast(clientText().online, 'success');
  });
}
