/**
 * Links to another site of this portal (the header's group entries). Pages are prebuilt once for
 * every host a site answers on, so they link a root-relative path on their own host; the server
 * answers it with a redirect to the other site on the same kind of host the visitor used
 * (src/server/http/site-jump.ts).
 */
import type { Lang } from './lang.ts';

export const SITE_JUMP_PREFIX = '/_site/';

/**
 * The path that leads to site `sld`: its home page in `lang`, or `page`, a canonical path of that
 * site (for example its about page).
 */
export function siteJumpPath(sld: string, lang: Lang, page?: string): string {
  return `${SITE_JUMP_PREFIX}${encodeURIComponent(sld)}${page ?? `/${lang}/`}`;
}
