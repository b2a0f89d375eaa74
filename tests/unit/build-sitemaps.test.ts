import { describe, expect, it } from 'vitest';
import { pagesInLanguages } from '../../src/server/build/site-pages.ts';
import { ARTICLES_PER_SITEMAP, pagesOfSitemap, sitemapFiles } from '../../src/server/build/sitemaps.ts';

const origin = 'https://jmst.journals.example.org';
const pages = pagesInLanguages([{ route: 'home/' }, { route: 'article/12/' }, { route: 'issue/2025/6/' }]);

describe('sitemaps', () => {
  it('lists one absolute URL a line in sitemap.txt, every language', () => {
    const txt = sitemapFiles(origin, pages)['sitemap.txt'] ?? '';
    expect(txt.trim().split('\n')).toEqual([
      `${origin}/zh/home/`,
      `${origin}/zh/article/12/`,
      `${origin}/zh/issue/2025/6/`,
      `${origin}/en/home/`,
      `${origin}/en/article/12/`,
      `${origin}/en/issue/2025/6/`,
    ]);
  });

  it('gives each entry of the files sitemap.xml lists its zh, en and x-default alternates', () => {
    const files = sitemapFiles(origin, pages);
    const xml = files['sitemap-1.xml'] ?? '';
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      `<url><loc>${origin}/en/article/12/</loc><xhtml:link rel="alternate" hreflang="zh" href="${origin}/zh/article/12/"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/article/12/"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/zh/article/12/"/></url>`,
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(files['sitemap-0.xml']?.match(/<url>/g)).toHaveLength(4);
  });

  it('is an index of files: every page but articles in one, articles by ranges of ids, so a new article changes one file', () => {
    const many = pagesInLanguages([
      { route: 'home/' },
      ...[1, 2, ARTICLES_PER_SITEMAP + 5, 3 * ARTICLES_PER_SITEMAP].map((id) => ({ route: `article/${id}/` })),
    ]);
    const files = sitemapFiles(origin, many);
    expect(Object.keys(files).filter((name) => /^sitemap-\d+\.xml$/.test(name))).toEqual([
      'sitemap-0.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-4.xml',
    ]);
    expect(files['sitemap.xml']).toContain('<sitemapindex');
    expect(files['sitemap.xml']?.match(/<sitemap>/g)).toHaveLength(4);
    expect(files['sitemap.xml']).toContain(`<loc>${origin}/sitemap-4.xml</loc>`);
    expect(files['sitemap-1.xml']?.match(/<url>/g)).toHaveLength(4);
    expect(files['sitemap-2.xml']).toContain(`${origin}/en/article/${ARTICLES_PER_SITEMAP + 5}/`);
    // a pass asks only for the files it changed; the index and sitemap.txt always come
    const one = sitemapFiles(origin, many, new Set(['sitemap-4.xml']));
    expect(Object.keys(one).sort()).toEqual(['robots.txt', 'sitemap-4.xml', 'sitemap.txt', 'sitemap.xml']);
    expect(one['sitemap.xml']).toEqual(files['sitemap.xml']);
  });

  it('reads the pages back from sitemap.txt', () => {
    const txt = sitemapFiles(origin, pages)['sitemap.txt'] ?? '';
    expect(pagesOfSitemap(origin, txt)).toEqual(pages);
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the API', () => {
    const robots = sitemapFiles(origin, pages)['robots.txt'] ?? '';
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /rc-pub/');
  });

  it('escapes XML special characters', () => {
    const xml = sitemapFiles(origin, pagesInLanguages([{ route: 'a&b/' }]))['sitemap-0.xml'] ?? '';
    expect(xml).toContain('/zh/a&amp;b/');
  });
});
