/**
 * The login cookies. The token cookie is HttpOnly (scripts never see it; same-origin calls carry
 * it); the user-name cookie is readable, since the header's login state polls it (docs/product-rules.md#login-state).
 * Both SameSite=Lax, and Secure when the request came over HTTPS; over HTTPS the token cookie is
 * `__Host-commonToken`, which only the site itself can set (no Domain attribute from a sister
 * sub-domain).
 */
import { TOKEN_COOKIE, USER_NAME_COOKIE } from '../../lib/constants.ts';

function cookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
  httpOnly: boolean,
  path = '/',
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session cookie's name: the `__Host-` prefix needs Secure, so plain HTTP keeps the plain name. */
export function tokenCookieName(secure: boolean): string {
  return secure ? `__Host-${TOKEN_COOKIE}` : TOKEN_COOKIE;
}

export function loginCookies(token: string, userName: string, expiresAt: Date, now: Date, secure: boolean): string[] {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    cookie(tokenCookieName(secure), token, maxAge, secure, true),
    cookie(USER_NAME_COOKIE, userName, maxAge, secure, false),
  ];
}

export function clearedLoginCookies(secure: boolean): string[] {
  // over HTTPS also the plain name a session got before the `__Host-` prefix
  const tokens = secure ? [tokenCookieName(true), TOKEN_COOKIE] : [TOKEN_COOKIE];
  return [
    ...tokens.map((name) => cookie(name, '', 0, secure, true)),
    cookie(USER_NAME_COOKIE, '', 0, secure, false),
    cookie('token', '', 0, secure, true),
  ];
}

/** An HttpOnly cookie only the login group's calls receive (a third-party login's state, a bind ticket); max age 0 clears it. */
export function loginGroupCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return cookie(name, value, maxAgeSeconds, secure, true, '/rc-pub/api/');
}

/** HTTPS directly, or a proxy in front said so (it only adds the Secure flag, so believing anyone is harmless). */
export function isHttps(url: string, forwardedProto: string | null | undefined): boolean {
  return url.startsWith('https:') || forwardedProto?.split(',')[0]?.trim() === 'https';
}
