/**
 * The head's title and meta tags: the page's own values (title, description, path) with the site's
 * (its name, keywords, logo). One function writes them for the layout when a page is rendered and for
 * the server when it puts a renamed site into a prebuilt page (src/server/static/shell-compose.ts),
 * so a site's name or logo reaches every page without rendering them all. The values ride in the
 * part's opening mark (shell-marks.ts), as the shell's own record does.
 */
import { z } from 'zod';
import { escapeHtml } from './escape-html.ts';
import { FEED_TYPES, feedHref } from './feed-links.ts';
import { type Lang, pathInLanguage } from './lang.ts';

const siteMetaPageSchema = z.object({
  title: z.string(),
  /** the page's own description; null: the site's keywords or name stand in */
  description: z.string().nullable(),
  kind: z.enum(['home', 'detail', 'page']),
  noindex: z.boolean(),
  /** canonical path of the page (with its page number) in its language */
  path: z.string(),
  origin: z.string(),
});

/** The site's values in the page's language. */
export const siteMetaSiteSchema = z.object({
  name: z.string(),
  keywords: z.string(),
  /** the header's logo or the site's, as configured (relative or absolute) */
  image: z.string().nullable(),
});
export type SiteMetaSite = z.infer<typeof siteMetaSiteSchema>;

export const siteMetaRecordSchema = z.object({ page: siteMetaPageSchema, site: siteMetaSiteSchema });
export type SiteMetaRecord = z.infer<typeof siteMetaRecordSchema>;

const tag = (name: string, attributes: Record<string, string>) =>
  `<${name}${Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('')}>`;

/** The page's title as the browser and link previews show it: "title - site", or the site alone. */
export const fullTitleOf = (title: string, siteName: string) =>
  title && title !== siteName ? `${title} - ${siteName}` : siteName;

/** The head's title, description, canonical and alternate links, feeds and Open Graph tags. */
export function siteMetaHtml(lang: Lang, { page, site }: SiteMetaRecord): string {
  const fullTitle = fullTitleOf(page.title, site.name);
  const description = page.description ?? (site.keywords || site.name);
  const at = (path: string) => page.origin + path;
  const tags = [`<title>${escapeHtml(fullTitle)}</title>`, tag('meta', { name: 'description', content: description })];
  if (page.noindex) tags.push(tag('meta', { name: 'robots', content: 'noindex' }));
  else {
    tags.push(
      tag('link', { rel: 'canonical', href: at(page.path) }),
      tag('link', { rel: 'alternate', hreflang: 'zh', href: at(pathInLanguage(page.path, 'zh')) }),
      tag('link', { rel: 'alternate', hreflang: 'en', href: at(pathInLanguage(page.path, 'en')) }),
      tag('link', { rel: 'alternate', hreflang: 'x-default', href: at(pathInLanguage(page.path, 'zh')) }),
      tag('link', {
        rel: 'alternate',
        type: FEED_TYPES.rss,
        title: `${site.name} (RSS)`,
        href: feedHref('rss', lang, { feed: 'latest' }),
      }),
      tag('link', {
        rel: 'alternate',
        type: FEED_TYPES.atom,
        title: `${site.name} (Atom)`,
        href: feedHref('atom', lang, { feed: 'latest' }),
      }),
    );
  }
  tags.push(
    tag('meta', { property: 'og:type', content: page.kind === 'detail' ? 'article' : 'website' }),
    tag('meta', { property: 'og:title', content: fullTitle }),
    tag('meta', { property: 'og:description', content: description }),
    tag('meta', { property: 'og:url', content: at(page.path) }),
    tag('meta', { property: 'og:site_name', content: site.name }),
    tag('meta', { property: 'og:locale', content: lang === 'zh' ? 'zh_CN' : 'en_US' }),
    tag('meta', { property: 'og:locale:alternate', content: lang === 'zh' ? 'en_US' : 'zh_CN' }),
  );
  if (site.image) tags.push(tag('meta', { property: 'og:image', content: new URL(site.image, page.origin).href }));
  return tags.join('');
}
