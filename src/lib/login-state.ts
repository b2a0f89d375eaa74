/** docs/product-rules.md#login-state: logged in when the user-name cookie is non-empty and not the literal 'undefined'. */
import { USER_NAME_COOKIE } from './constants.ts';
import { readCookie } from './lang.ts';

export function isLoggedInName(userName: string | null | undefined): userName is string {
  if (userName === null || userName === undefined) return false;
  const name = userName.trim();
  return name !== '' && name !== 'undefined';
}

/** The logged-in user name from a Cookie header (document.cookie or the request's), else null. */
export function userNameFromCookies(cookieHeader: string | null | undefined): string | null {
  const name = readCookie(cookieHeader, USER_NAME_COOKIE);
  return isLoggedInName(name) ? name.trim() : null;
}
