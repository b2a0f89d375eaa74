import type { Site } from '../../content/types.ts';

/**
 * The public origin of a site: its own domain, else {sld}.{BASE_DOMAIN}. Prerender and SSR both
 * render with this origin as Astro.url, so a prebuilt page and its on-demand twin are identical and
 * absolute links (canonical, hreflang, Open Graph, sitemaps) name the public address.
 */
export function publicOrigin(site: Pick<Site, 'sld' | 'domain'>, baseDomain: string): string {
  return `https://${site.domain?.trim() || `${site.sld}.${baseDomain}`}`;
}
