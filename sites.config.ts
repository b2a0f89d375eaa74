/**
 * Build and hosting defaults. Environment variables override them (see README, Configuration).
 */
export const sitesConfig = {
  /** sites are served at {sld}.{baseDomain} besides {sld}.localhost and their own domain */
  baseDomain: 'journals.example.org',
  /** sites to prebuild; empty means every active site in the store */
  sites: [] as string[],
  languages: ['zh', 'en'] as const,
  /** articles published within this many recent years are prebuilt; older ones render on demand */
  prebuildRecentYears: 3,
  /** the hosting platform, linked from a closed (expired or forbidden) site's notice */
  platform: {
    home: 'https://journals.example.org/',
    contactEmail: 'support@journals.example.org',
  },
};
