/**
 * sitemap.txt, sitemap.xml (with hreflang alternates, split into an index past 50,000 URLs) and
 * robots.txt of one site, as file name → content.
 */
import { DEFAULT_LANG, type Lang } from '../../lib/lang.ts';
import type { LangPage } from './site-pages.ts';

export const SITEMAP_LIMIT = 50_000;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export function sitemapFiles(origin: string, pages: LangPage[], limit = SITEMAP_LIMIT): Record<string, string> {
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
  const urlset = (slice: LangPage[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${slice.map(entry).join('\n')}\n</urlset>\n`;

  const files: Record<string, string> = {
    'sitemap.txt': indexed.map((page) => origin + page.path).join('\n') + '\n',
    'robots.txt': `User-agent: *\nDisallow: /rc-pub/\nDisallow: /_admin/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
  };
  if (indexed.length <= limit) {
    files['sitemap.xml'] = urlset(indexed);
    return files;
  }
  const parts: string[] = [];
  for (let i = 0; i < indexed.length; i += limit) {
    const name = `sitemap-${parts.length + 1}.xml`;
    files[name] = urlset(indexed.slice(i, i + limit));
    parts.push(name);
  }
  files['sitemap.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    parts.map((name) => `<sitemap><loc>${escapeXml(`${origin}/${name}`)}</loc></sitemap>`).join('\n') +
    `\n</sitemapindex>\n`;
  return files;
}
