export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';
export const LANG_COOKIE = 'language';

/** Only zh and en are languages (docs/product-rules.md#languages). */
export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}

/** docs/product-rules.md#languages: the URL lang parameter, else the language cookie, else zh. */
export function resolveLang(urlLang: string | null | undefined, cookieLang: string | null | undefined): Lang {
  if (isLang(urlLang)) return urlLang;
  if (isLang(cookieLang)) return cookieLang;
  return DEFAULT_LANG;
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
