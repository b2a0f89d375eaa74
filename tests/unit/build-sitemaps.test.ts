import { describe, expect, it } from 'vitest';
import { pagesInLanguages } from '../../src/server/build/site-pages.ts';
import { sitemapFiles } from '../../src/server/build/sitemaps.ts';

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

  it('gives each sitemap.xml entry its zh, en and x-default alternates', () => {
    const xml = sitemapFiles(origin, pages)['sitemap.xml'] ?? '';
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      `<url><loc>${origin}/en/article/12/</loc><xhtml:link rel="alternate" hreflang="zh" href="${origin}/zh/article/12/"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/article/12/"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/zh/article/12/"/></url>`,
    );
    expect(xml.match(/<url>/g)).toHaveLength(6);
  });

  it('splits into an index of files with at most the limit of URLs each', () => {
    const many = pagesInLanguages(Array.from({ length: 26 }, (_, i) => ({ route: `article/${i}/` })));
    const files = sitemapFiles(origin, many, 10);
    expect(Object.keys(files).filter((name) => /^sitemap-\d+\.xml$/.test(name))).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-4.xml',
      'sitemap-5.xml',
      'sitemap-6.xml',
    ]);
    expect(files['sitemap.xml']).toContain('<sitemapindex');
    expect(files['sitemap.xml']).toContain(`<loc>${origin}/sitemap-6.xml</loc>`);
    expect(files['sitemap-1.xml']?.match(/<url>/g)).toHaveLength(10);
    expect(files['sitemap-6.xml']?.match(/<url>/g)).toHaveLength(2);
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the API', () => {
    const robots = sitemapFiles(origin, pages)['robots.txt'] ?? '';
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /rc-pub/');
  });

  it('escapes XML special characters', () => {
    const xml = sitemapFiles(origin, pagesInLanguages([{ route: 'a&b/' }]))['sitemap.xml'] ?? '';
    expect(xml).toContain('/zh/a&amp;b/');
  });
});
