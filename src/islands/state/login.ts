/** Login state from the user-name cookie, polled every second (docs/product-rules.md#login-state). */
import { atom } from 'nanostores';
import { COOKIE_POLL_MS, TOKEN_COOKIE, USER_NAME_COOKIE } from '../../lib/constants.ts';
import { userNameFromCookies } from '../../lib/login-state.ts';
import { deleteCookie } from './cookies.ts';

/** null when logged out */
export const $userName = atom<string | null>(null);

export function readUserName(): void {
  const name = userNameFromCookies(document.cookie);
  if ($userName.get() !== name) $userName.set(name);
}

let poll: ReturnType<typeof setInterval> | null = null;

/** Starts polling the cookie; returns a stop function. */
export function watchLogin(): () => void {
  readUserName();
  poll ??= setInterval(readUserName, COOKIE_POLL_MS);
  return () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };
}

/** Clears the login cookies and the state (the caller then goes to the login page). */
export function clearLogin(): void {
  for (const name of [USER_NAME_COOKIE, TOKEN_COOKIE]) deleteCookie(name);
  $userName.set(null);
}
