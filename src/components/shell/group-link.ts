/** Links to another site of the group: same host pattern with the other site's short name. */
import { sitesConfig } from '../../../sites.config.ts';
import type { Lang } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';

export function groupEntryHref(current: URL, currentSld: string, sld: string, lang: Lang): string {
  const host = current.host;
  const path = canonical.home(lang);
  if (host.startsWith(`${currentSld}.`)) return `${current.protocol}//${sld}.${host.slice(currentSld.length + 1)}${path}`;
  return `${current.protocol}//${sld}.${process.env['BASE_DOMAIN'] ?? sitesConfig.baseDomain}${path}`;
}
