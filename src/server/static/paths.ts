import { join } from 'node:path';

/** A URL path percent-decoded; null when it does not decode (then it names nothing). */
export function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * Maps a URL path to a file under root, or null when the path could escape it or names a hidden
 * entry (build folders start with '.'). A path ending in '/' names its index.html.
 */
export function fileForPath(root: string, pathname: string): string | null {
  const decoded = decodedPath(pathname);
  if (decoded === null) return null;
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const file = join(root, ...segments);
  return decoded.endsWith('/') || segments.length === 0 ? join(file, 'index.html') : file;
}

/** A file type has a letter: '/doi/10.13475/j.jmst.2025.06.003' is a page, not a '.003' file. */
const HAS_EXTENSION = /\.[a-z0-9]*[a-z][a-z0-9]*$/i;

/**
 * Build files with no URL of their own: the twins (sent for their original), the not-found page
 * (a 200 there would be a soft 404) and double slashes (the app redirects them to single ones).
 */
const NOT_ADDRESSABLE = /\.(br|gz)$|^\/404\.html$|\/\//;

/**
 * The prebuilt file a request path names under a site's build: a path without an extension is a
 * page, with or without its trailing slash (`/zh/home` and `/zh/home/` are one page).
 */
export function prebuiltFileFor(root: string, pathname: string): string | null {
  if (NOT_ADDRESSABLE.test(pathname)) return null;
  const isPage = pathname.endsWith('/') || !HAS_EXTENSION.test(pathname);
  return fileForPath(root, isPage && !pathname.endsWith('/') ? `${pathname}/` : pathname);
}

/** Query parameters that never change a page, so a prebuilt copy still answers. */
const HARMLESS = /^(t|timestamps|utm_\w+|fbclid|gclid)$/;

/** A query that a page might read (pagination, filters) means the page must render on demand. */
export function queryNeedsRender(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (!HARMLESS.test(name)) return true;
  return false;
}
