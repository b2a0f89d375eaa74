/** Writes the rc-pub envelope {status, message, data}. Handled failures keep HTTP 200, as rc-pub does. */
import type { Context } from 'hono';
import { dictionary, format } from '../../i18n/index.ts';
import { API_STATUS } from '../../lib/api-paths.ts';
import type { Lang } from '../../lib/lang.ts';
import { clearedLoginCookies, isHttps } from '../auth/cookies.ts';
import type { ApiError, ApiMessageKey } from './errors.ts';

export function message(lang: Lang, key: ApiMessageKey, values: Record<string, string | number> = {}): string {
  return format(dictionary(lang).api[key], values);
}

export function ok(c: Context, lang: Lang, data: unknown, key: ApiMessageKey = 'success'): Response {
  return c.json({ status: API_STATUS.ok, message: message(lang, key), data });
}

/**
 * An error envelope; never cached, since the same URL may succeed a moment later. A 401 also
 * clears the login cookies: the token cookie is HttpOnly, so only the answer itself can drop it.
 */
export function failure(c: Context, lang: Lang, error: ApiError, httpStatus: 200 | 404 | 500 = 200): Response {
  c.header('Cache-Control', 'no-store');
  if (error.status === API_STATUS.unauthorized) {
    for (const cookie of clearedLoginCookies(isHttps(c.req.url, c.req.header('x-forwarded-proto'))))
      c.header('Set-Cookie', cookie, { append: true });
  }
  return c.json(
    { status: error.status, message: message(lang, error.key, error.values), data: error.data ?? null },
    httpStatus,
  );
}
