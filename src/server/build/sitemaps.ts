/**
 * sitemap.txt, sitemap.xml and robots.txt of one site, as file name → content. sitemap.xml is an
 * index of files with hreflang alternates: sitemap-0.xml holds every page but articles' pages,
 * sitemap-{n}.xml the articles of one range of ids. A change rewrites only the files holding the
 * pages it added or removed (new articles land in the newest range), sitemap.txt and the index.
 */
import { DEFAULT_LANG, isLang, type Lang } from '../../lib/lang.ts';
import { escapeXml } from '../xml/escape.ts';
import type { LangPage } from './site-pages.ts';

/** article ids per file: both languages' URLs of a range stay far below the protocol's 50,000 a file */
export const ARTICLES_PER_SITEMAP = 2_000;
const SITEMAP_FILE = /^sitemap(-\d+)?\.(xml|txt)$/;
const ARTICLE = /^article\/(\d+)\//;

/** The file of sitemap.xml's index that lists a route's URLs. */
export function sitemapOf(route: string): string {
  const article = ARTICLE.exec(route);
  return `sitemap-${article ? 1 + Math.floor(Number(article[1]) / ARTICLES_PER_SITEMAP) : 0}.xml`;
}

/** Whether a file of a version is one of its sitemaps (robots.txt is not: it never changes with the pages). */
export const isSitemapFile = (name: string) => SITEMAP_FILE.test(name.replace(/\.(br|gz)$/, ''));

/** The pages a sitemap.txt lists, read back (lines not under `origin` are left out). */
export function pagesOfSitemap(origin: string, txt: string): LangPage[] {
  const pages: LangPage[] = [];
  for (const line of txt.split('\n')) {
    if (!line.startsWith(`${origin}/`)) continue;
    const path = line.slice(origin.length);
    const lang = path.split('/')[1];
    if (isLang(lang)) pages.push({ lang, path, route: path.slice(lang.length + 2) });
  }
  return pages;
}

/**
 * The sitemaps of `pages`: sitemap.txt, robots.txt, the index and, of the files it names, those
 * `only` holds (all without it).
 */
export function sitemapFiles(
  origin: string,
  pages: readonly LangPage[],
  only?: ReadonlySet<string>,
): Record<string, string> {
  const indexed = pages.filter((page) => !page.noindex);
  const languagesOf = new Map<string, Lang[]>();
  for (const page of indexed) languagesOf.set(page.route, [...(languagesOf.get(page.route) ?? []), page.lang]);

  const entry = (page: LangPage) => {
    const langs = languagesOf.get(page.route) ?? [page.lang];
    const alternates = langs.map(
      (lang) =>
        `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(`${origin}/${lang}/${page.route}`)}"/>`,
    );
    const fallback = langs.includes(DEFAULT_LANG) ? DEFAULT_LANG : langs[0];
    if (langs.length > 1 && fallback)
      alternates.push(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${origin}/${fallback}/${page.route}`)}"/>`,
      );
    return `<url><loc>${escapeXml(origin + page.path)}</loc>${alternates.join('')}</url>`;
  };
  const urlset = (slice: readonly LangPage[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${slice.map(entry).join('\n')}\n</urlset>\n`;

  const parts = new Map<string, LangPage[]>();
  for (const page of indexed) {
    const name = sitemapOf(page.route);
    const part = parts.get(name);
    if (part) part.push(page);
    else parts.set(name, [page]);
  }
  const names = [...parts.keys()].sort((a, b) => partNumber(a) - partNumber(b));
  const files: Record<string, string> = {
    'sitemap.txt': indexed.map((page) => origin + page.path).join('\n') + '\n',
    'robots.txt': `User-agent: *\nDisallow: /rc-pub/\nDisallow: /_admin/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
    'sitemap.xml':
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      names.map((name) => `<sitemap><loc>${escapeXml(`${origin}/${name}`)}</loc></sitemap>`).join('\n') +
      `\n</sitemapindex>\n`,
  };
  for (const name of names) if (!only || only.has(name)) files[name] = urlset(parts.get(name) ?? []);
  return files;
}

const partNumber = (name: string) => Number(/\d+/.exec(name)?.[0] ?? 0);
