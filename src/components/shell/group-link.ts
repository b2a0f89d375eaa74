/** Links to another site of the group: a path on this host that the server redirects to the other site's host. */
import type { Lang } from '../../lib/lang.ts';
import { siteJumpPath } from '../../lib/site-jump.ts';

export function groupEntryHref(sld: string, lang: Lang, page?: string): string {
  return siteJumpPath(sld, lang, page);
}
