/** Reading route params and queries for content pages: anything malformed reads as "absent". */
import { newsTypeSchema, type NewsType } from '../../content/types.ts';
import { parseId, parseWholeNumber } from '../../lib/id.ts';
import { isLang, type Lang, LANG_COOKIE, readCookie, resolveLang } from '../../lib/lang.ts';

/** The /{lang}/ segment: only zh and en are languages (SPEC section 5). */
export function langParam(value: string | undefined): Lang | null {
  return isLang(value) ? value : null;
}

/** A database id (src/lib/id.ts); '12abc', '-1', '' and huge numbers are not ids. */
export const idParam = parseId;

/** A non-negative integer (years, issue numbers, the 0 of '/newsInfo/{id}/0/'). */
export const countParam = parseWholeNumber;

/** The language of a page that has no /{lang}/ segment: ?lang=, else the cookie, else zh. */
export function requestLang(url: URL, cookieHeader: string | null, pathLang?: string): Lang {
  const fromPath = langParam(pathLang);
  if (fromPath) return fromPath;
  return resolveLang(url.searchParams.get('lang'), readCookie(cookieHeader, LANG_COOKIE));
}

/** The language a 404 or error page speaks: the path's /{lang}/ prefix, ?lang=, cookie, zh. */
export function errorPageLang(url: URL, cookieHeader: string | null): Lang {
  return requestLang(url, cookieHeader, url.pathname.split('/')[1]);
}

export function newsTypeParam(value: string | null | undefined): NewsType | undefined {
  const parsed = newsTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
