/**
 * The API client every island uses: the one client of src/islands/state/api-client.ts wired to the page, so
 * each call gets the handling of docs/product-rules.md#api-errors without the island doing anything: 401 clears the login
 * and opens the login page, 10001 opens the forbidden page, other failures toast the server's
 * message, and the loading indicator follows the calls.
 */

import { otherPages } from '../../lib/routes.ts';
import {
  type ApiClient,
  ApiStatusError,
  browserLang,
  createApiClient,
  UnreadableAnswerError,
  unauthorizedHandler,
} from './api-client.ts';
import { clientText } from './client-text.ts';
import { startLoading } from './loading.ts';
import { clearLogin } from './login.ts';
import { showToast } from './toast.ts';

/** A failure's toast: the server's message, or 'data fetch failed' when there was no answer (none while offline: that has its own toast). */
function toastFailure(error: unknown): void {
  if (error instanceof ApiStatusError && !(error instanceof UnreadableAnswerError)) {
    showToast(error.message, 'error');
    return;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  showToast(clientText().getDataErrorMessage, 'error');
}

export function browserApi(siteId: number): ApiClient {
  return createApiClient({
    siteId: () => siteId,
    lang: browserLang,
    track: startLoading,
    onUnauthorized: unauthorizedHandler({
      toast: (message, ms) => showToast(message, 'error', ms),
      navigate: (url) => location.assign(url),
      clearLogin,
    }),
    onSiteUnavailable: () => location.assign(otherPages.forbiddenPage(browserLang())),
    onError: toastFailure,
  });
}
