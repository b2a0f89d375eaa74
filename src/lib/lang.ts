export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';
export const LANG_COOKIE = 'language';

/** Only zh and en are languages (docs/product-rules.md#languages). */
export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}

/** What a request says about its language; an adapter passes the parts it has. */
export type LangClues = {
  /** the API's language header (docs/product-rules.md#api-calls) */
  header?: string | null | undefined;
  /** the URL's path: its /zh/ or /en/ prefix */
  path?: string | null | undefined;
  /** a language named elsewhere in the path (a legacy URL's language segment) */
  pathLang?: string | null | undefined;
  /** the lang query parameter */
  query?: string | null | undefined;
  /** the request's Cookie header (document.cookie in the browser) */
  cookies?: string | null | undefined;
};

/** The language the request names itself: the header, the path's prefix, its language segment, ?lang=; else undefined. */
export function namedLang(clues: LangClues): Lang | undefined {
  const prefix = clues.path?.split('/')[1];
  return [clues.header, prefix, clues.pathLang, clues.query].find(isLang);
}

/**
 * The one language rule (docs/product-rules.md#languages) for pages, legacy redirects, the API and the
 * browser: what the request names (namedLang), else the language cookie, else zh.
 */
export function langOfRequest(clues: LangClues): Lang {
  return namedLang(clues) ?? [readCookie(clues.cookies, LANG_COOKIE)].find(isLang) ?? DEFAULT_LANG;
}

/** Picks the text for a language from a bilingual pair, falling back to the other language. */
export function pick(lang: Lang, zh: string | null | undefined, en: string | null | undefined): string {
  const primary = lang === 'en' ? en : zh;
  const secondary = lang === 'en' ? zh : en;
  return (primary ?? '').trim() || (secondary ?? '').trim();
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

const LANG_PREFIX = /^\/(zh|en)(?=\/|$|\?|#)/;

/** The same path in the other language: swaps a leading /zh or /en segment (paths without one are kept). */
export function swapLangPath(path: string, to: Lang): string {
  return path.replace(LANG_PREFIX, `/${to}`);
}

/**
 * The same page (path, query and hash) in a language: the /zh or /en prefix swapped, or on a page
 * without one (the query pages: /article?…, /seniorSearch?…) its lang= query parameter set, the
 * other parameters kept. The language switch and the hreflang alternates link here.
 */
export function pathInLanguage(path: string, to: Lang): string {
  if (LANG_PREFIX.test(path)) return swapLangPath(path, to);
  const url = new URL(path, 'http://localhost');
  url.searchParams.set('lang', to);
  return url.pathname + url.search + url.hash;
}
