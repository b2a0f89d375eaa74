/** A site and its one-row settings: header, footer, the publication shown first, basic information, tools, group entries. */
import { z } from 'zod';
import { text, url } from './common.ts';

export const siteTypeSchema = z.enum(['single', 'group', 'all']);
export const siteStatusSchema = z.enum(['active', 'expired', 'forbidden']);

export const siteSchema = z.object({
  id: z.number().int(),
  sld: z.string(),
  domain: text,
  name: z.string(),
  enName: z.string(),
  templateId: z.number().int(),
  type: siteTypeSchema,
  colour: z.number().int().min(0).max(11),
  colour1: text,
  colour2: text,
  colour3: text,
  grayType: z.number().int(),
  umtFlag: z.number().int(),
  logo1Url: url,
  pictureUrl: url,
  keywords: text,
  enKeywords: text,
  status: siteStatusSchema,
});
export type Site = z.infer<typeof siteSchema>;

export const customButtonSchema = z.object({
  customButtonStatus: z.number().int(),
  customButtonName: z.string(),
  enCustomButtonName: text,
  customButtonLinkValue: z.string(),
});
export type CustomButton = z.infer<typeof customButtonSchema>;

export const headerConfigSchema = z.object({
  navStyle: z.number().int().min(1).max(6),
  isCeiling: z.number().int(),
  hasLoginAndRegister: z.number().int(),
  groupEntrance: z.number().int(),
  searchBox: z.number().int(),
  advSearch: z.number().int(),
  resourceSearch: z.number().int(),
  /** resource type ids separated by ';' or ',' (docs/product-rules.md#search-types-and-fields) */
  resourceType: z.string(),
  navDistribution: z.number().int(),
  switchLanguage: z.number().int(),
  hasGreeting: z.number().int(),
  greeting: text,
  enGreeting: text,
  backgroundUrl: url,
  pcLogoUrl: url,
  mobileLogoUrl: url,
  enPcLogoUrl: url,
  enMobileLogoUrl: url,
  /** 0 hides the logo picture (the site's name shows instead); an upstream without it shows it */
  hasLogo: z.number().int().default(1),
  /** the header's own logo, before the PC/mobile variants */
  logoUrl: url.default(null),
  /** 1 draws navBgUrl behind the navigation bar */
  hasNavBg: z.number().int().default(0),
  navBgUrl: url.default(null),
  configData: z.object({
    customButtonList: z.array(customButtonSchema),
    cssContent: text,
  }),
});
export type HeaderConfig = z.infer<typeof headerConfigSchema>;

export const footerConfigSchema = z.object({
  toolbarStyle: z.number().int(),
  showLogo: z.number().int(),
  qrUrl: url,
  qrMessage: text,
  enQrMessage: text,
  configData: z.object({ cssContent: text }),
  backgroundColor: text,
  postcode: text,
  phone: text,
  email: text,
  fax: text,
  chLogoUrl: url,
  enLogoUrl: url,
  chLogoName: text,
  enLogoName: text,
  address: text,
  enAddress: text,
  copyright: text,
  enCopyright: text,
  icp: text,
  picp: text,
  picpLink: text,
  linkAddress: text,
  showVisits: z.number().int(),
  sumVisits: z.number().int(),
  todayVisits: z.number().int(),
});
export type FooterConfig = z.infer<typeof footerConfigSchema>;

export const publicationConfigSchema = z.object({
  publicationId: z.number().int().nullable(),
  showCover: z.number().int(),
  showIssn: z.number().int(),
  tocPageSize: z.number().int(),
});
export type PublicationConfig = z.infer<typeof publicationConfigSchema>;

export const basicInfoSchema = z.object({
  id: z.number().int(),
  /** indexed-in databases, ';'-separated */
  indexed: text,
  groupType: z.number().int(),
  description: text,
  enDescription: text,
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const toolSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  type: z.enum(['pop', 'platform', 'external']),
  platformType: text,
  resName: z.string(),
  enResName: z.string(),
  cover: text,
  linkValue: text,
  linkValue2: text,
  linkType2: text,
  coverId: z.number().int().nullable(),
  indexId: z.number().int().nullable(),
  /** the icon */
  pictureUrl: url,
  /** what a pop tool pops up (a QR code); the icon stands in when absent */
  bouncePictureUrl: url,
  description: text,
  enDescription: text,
});
export type Tool = z.infer<typeof toolSchema>;

export const groupEntrySchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  sld: z.string(),
  publicationName: z.string(),
  enPublicationName: z.string(),
});
export type GroupEntry = z.infer<typeof groupEntrySchema>;
