/**
 * Logo fallbacks (docs/product-rules.md#logo): none when the header config turns the logo off (hasLogo 0);
 * else the header's own logo (logoUrl), then English variants first in English; the fixed header
 * prefers the mobile logo, else the PC logo; the site's own logo last.
 */
import type { HeaderConfig, Site } from '../../content/types.ts';
import { PHONE_MAX_WIDTH } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { firstPresent } from './shell-text.ts';

type Logos = Pick<
  HeaderConfig,
  'pcLogoUrl' | 'mobileLogoUrl' | 'enPcLogoUrl' | 'enMobileLogoUrl' | 'hasLogo' | 'logoUrl'
>;

export function headerLogo(header: Logos, site: Pick<Site, 'logo1Url'>, lang: Lang, fixed: boolean): string | null {
  if (header.hasLogo === 0) return null;
  const pc = lang === 'en' ? [header.enPcLogoUrl, header.pcLogoUrl] : [header.pcLogoUrl, header.enPcLogoUrl];
  const mobile =
    lang === 'en' ? [header.enMobileLogoUrl, header.mobileLogoUrl] : [header.mobileLogoUrl, header.enMobileLogoUrl];
  return fixed
    ? firstPresent(header.logoUrl, ...mobile, ...pc, site.logo1Url)
    : firstPresent(header.logoUrl, ...pc, site.logo1Url);
}

/** The screens that get the phone layout: the breakpoint of the shell sheets' narrow-screen rules (src/components/shell/*.css). */
export const PHONE_MEDIA = `(max-width: ${PHONE_MAX_WIDTH}px)`;

/** The logo a phone shows: the mobile logo (as the fixed header's), when it is another picture than the page's logo. */
export function phoneLogo(header: Logos, site: Pick<Site, 'logo1Url'>, lang: Lang): string | null {
  const phone = headerLogo(header, site, lang, true);
  return phone === headerLogo(header, site, lang, false) ? null : phone;
}
