/** Header, footer and publication configs of a site; a site without a row gets the schema defaults. */
import { z } from 'zod';
import type { CustomButton, FooterConfig, HeaderConfig, PublicationConfig } from '../../content/types.ts';
import { DEFAULT_RESOURCE_TYPE_LIST } from '../../lib/resource-types.ts';
import { compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';

const HEADER = compiledQuery<{ siteId: number }>()((q) =>
  q.selectFrom('header_configs').selectAll().where('site_id', '=', param<number>('siteId')),
);
const FOOTER = compiledQuery<{ siteId: number }>()((q) =>
  q.selectFrom('footer_configs').selectAll().where('site_id', '=', param<number>('siteId')),
);
const PUBLICATION = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('publication_configs')
    .select(['publication_id', 'show_cover', 'show_issn', 'toc_page_size'])
    .where('site_id', '=', param<number>('siteId')),
);

/** The JSON column is editor input: numbers may arrive as strings and the English name may be absent. */
const storedButtonSchema = z.object({
  customButtonStatus: z.coerce.number().int(),
  customButtonName: z.string(),
  enCustomButtonName: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  customButtonLinkValue: z.string(),
});

/** Parses the stored custom button list, keeping the valid entries and dropping malformed ones. */
export function parseCustomButtons(json: string | null): CustomButton[] {
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const buttons: CustomButton[] = [];
  for (const item of parsed) {
    const result = storedButtonSchema.safeParse(item);
    if (result.success) buttons.push(result.data);
  }
  return buttons;
}

export async function getHeaderConfig(db: Db, siteId: number): Promise<HeaderConfig> {
  const row = await HEADER.one(db, { siteId });
  return row ? toHeaderConfig(row) : defaultHeaderConfig();
}

function toHeaderConfig(row: RowOf<typeof HEADER>): HeaderConfig {
  return {
    navStyle: Math.min(6, Math.max(1, row.nav_style)),
    isCeiling: row.is_ceiling,
    hasLoginAndRegister: row.has_login_and_register,
    groupEntrance: row.group_entrance,
    searchBox: row.search_box,
    advSearch: row.adv_search,
    resourceSearch: row.resource_search,
    resourceType: row.resource_type,
    navDistribution: row.nav_distribution,
    switchLanguage: row.switch_language,
    hasGreeting: row.has_greeting,
    greeting: row.greeting,
    enGreeting: row.en_greeting,
    backgroundUrl: fileUrl(row.background_cover_id),
    pcLogoUrl: fileUrl(row.pc_logo),
    mobileLogoUrl: fileUrl(row.mobile_logo),
    enPcLogoUrl: fileUrl(row.en_pc_logo),
    enMobileLogoUrl: fileUrl(row.en_mobile_logo),
    hasLogo: row.has_logo,
    logoUrl: fileUrl(row.logo_id),
    hasNavBg: row.has_nav_bg,
    navBgUrl: fileUrl(row.nav_bg_id),
    configData: {
      customButtonList: parseCustomButtons(row.custom_buttons),
      cssContent: row.css_content,
    },
  };
}

function defaultHeaderConfig(): HeaderConfig {
  return {
    navStyle: 1,
    isCeiling: 0,
    hasLoginAndRegister: 1,
    groupEntrance: 0,
    searchBox: 1,
    advSearch: 1,
    resourceSearch: 1,
    resourceType: DEFAULT_RESOURCE_TYPE_LIST,
    navDistribution: 0,
    switchLanguage: 1,
    hasGreeting: 0,
    greeting: null,
    enGreeting: null,
    backgroundUrl: null,
    pcLogoUrl: null,
    mobileLogoUrl: null,
    enPcLogoUrl: null,
    enMobileLogoUrl: null,
    hasLogo: 1,
    logoUrl: null,
    hasNavBg: 0,
    navBgUrl: null,
    configData: { customButtonList: [], cssContent: null },
  };
}

export type VisitTotals = { sumVisits: number; todayVisits: number };

export async function getFooterConfig(db: Db, siteId: number, visits: VisitTotals): Promise<FooterConfig> {
  const row = await FOOTER.one(db, { siteId });
  return row ? toFooterConfig(row, visits) : defaultFooterConfig(visits);
}

function toFooterConfig(row: RowOf<typeof FOOTER>, visits: VisitTotals): FooterConfig {
  return {
    toolbarStyle: row.toolbar_style,
    showLogo: row.show_logo,
    qrUrl: fileUrl(row.qr_file_id),
    qrMessage: row.qr_message,
    enQrMessage: row.en_qr_message,
    configData: { cssContent: row.css_content },
    backgroundColor: row.background_color,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
    fax: row.fax,
    chLogoUrl: fileUrl(row.ch_logo),
    enLogoUrl: fileUrl(row.en_logo),
    chLogoName: row.ch_logo_name,
    enLogoName: row.en_logo_name,
    address: row.address,
    enAddress: row.en_address,
    copyright: row.copyright,
    enCopyright: row.en_copyright,
    icp: row.icp,
    picp: row.picp,
    picpLink: row.picp_link,
    linkAddress: row.link_address,
    showVisits: row.show_visits,
    ...visits,
  };
}

function defaultFooterConfig(visits: VisitTotals): FooterConfig {
  return {
    toolbarStyle: 1,
    showLogo: 1,
    qrUrl: null,
    qrMessage: null,
    enQrMessage: null,
    configData: { cssContent: null },
    backgroundColor: null,
    postcode: null,
    phone: null,
    email: null,
    fax: null,
    chLogoUrl: null,
    enLogoUrl: null,
    chLogoName: null,
    enLogoName: null,
    address: null,
    enAddress: null,
    copyright: null,
    enCopyright: null,
    icp: null,
    picp: null,
    picpLink: null,
    linkAddress: null,
    showVisits: 0,
    ...visits,
  };
}

export async function getPublicationConfig(db: Db, siteId: number): Promise<PublicationConfig> {
  const row = await PUBLICATION.one(db, { siteId });
  if (!row) return { publicationId: null, showCover: 1, showIssn: 1, tocPageSize: 100 };
  return {
    publicationId: row.publication_id,
    showCover: row.show_cover,
    showIssn: row.show_issn,
    tocPageSize: row.toc_page_size,
  };
}
