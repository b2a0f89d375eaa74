/** Header, footer and publication configs of a site; a site without a row gets the schema defaults. */
import { z } from 'zod';
import type { CustomButton, FooterConfig, HeaderConfig, PublicationConfig } from '../../content/types.ts';
import { DEFAULT_RESOURCE_TYPE_LIST } from '../../lib/resource-types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { int, intOrNull, type Row, str, strOrNull } from './sql.ts';

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

export function getHeaderConfig(db: Db, siteId: number): HeaderConfig {
  const row = HEADER.one(db, { siteId });
  return row ? toHeaderConfig(row) : defaultHeaderConfig();
}

function toHeaderConfig(row: Row): HeaderConfig {
  return {
    navStyle: Math.min(6, Math.max(1, int(row, 'nav_style'))),
    isCeiling: int(row, 'is_ceiling'),
    hasLoginAndRegister: int(row, 'has_login_and_register'),
    groupEntrance: int(row, 'group_entrance'),
    searchBox: int(row, 'search_box'),
    advSearch: int(row, 'adv_search'),
    resourceSearch: int(row, 'resource_search'),
    resourceType: str(row, 'resource_type'),
    navDistribution: int(row, 'nav_distribution'),
    switchLanguage: int(row, 'switch_language'),
    hasGreeting: int(row, 'has_greeting'),
    greeting: strOrNull(row, 'greeting'),
    enGreeting: strOrNull(row, 'en_greeting'),
    backgroundUrl: fileUrl(intOrNull(row, 'background_cover_id')),
    pcLogoUrl: fileUrl(intOrNull(row, 'pc_logo')),
    mobileLogoUrl: fileUrl(intOrNull(row, 'mobile_logo')),
    enPcLogoUrl: fileUrl(intOrNull(row, 'en_pc_logo')),
    enMobileLogoUrl: fileUrl(intOrNull(row, 'en_mobile_logo')),
    hasLogo: int(row, 'has_logo'),
    logoUrl: fileUrl(intOrNull(row, 'logo_id')),
    hasNavBg: int(row, 'has_nav_bg'),
    navBgUrl: fileUrl(intOrNull(row, 'nav_bg_id')),
    configData: {
      customButtonList: parseCustomButtons(strOrNull(row, 'custom_buttons')),
      cssContent: strOrNull(row, 'css_content'),
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

export function getFooterConfig(db: Db, siteId: number, visits: VisitTotals): FooterConfig {
  const row = FOOTER.one(db, { siteId });
  return row ? toFooterConfig(row, visits) : defaultFooterConfig(visits);
}

function toFooterConfig(row: Row, visits: VisitTotals): FooterConfig {
  return {
    toolbarStyle: int(row, 'toolbar_style'),
    showLogo: int(row, 'show_logo'),
    qrUrl: fileUrl(intOrNull(row, 'qr_file_id')),
    qrMessage: strOrNull(row, 'qr_message'),
    enQrMessage: strOrNull(row, 'en_qr_message'),
    configData: { cssContent: strOrNull(row, 'css_content') },
    backgroundColor: strOrNull(row, 'background_color'),
    postcode: strOrNull(row, 'postcode'),
    phone: strOrNull(row, 'phone'),
    email: strOrNull(row, 'email'),
    fax: strOrNull(row, 'fax'),
    chLogoUrl: fileUrl(intOrNull(row, 'ch_logo')),
    enLogoUrl: fileUrl(intOrNull(row, 'en_logo')),
    chLogoName: strOrNull(row, 'ch_logo_name'),
    enLogoName: strOrNull(row, 'en_logo_name'),
    address: strOrNull(row, 'address'),
    enAddress: strOrNull(row, 'en_address'),
    copyright: strOrNull(row, 'copyright'),
    enCopyright: strOrNull(row, 'en_copyright'),
    icp: strOrNull(row, 'icp'),
    picp: strOrNull(row, 'picp'),
    picpLink: strOrNull(row, 'picp_link'),
    linkAddress: strOrNull(row, 'link_address'),
    showVisits: int(row, 'show_visits'),
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

export function getPublicationConfig(db: Db, siteId: number): PublicationConfig {
  const row = PUBLICATION.one(db, { siteId });
  if (!row) return { publicationId: null, showCover: 1, showIssn: 1, tocPageSize: 100 };
  return {
    publicationId: intOrNull(row, 'publication_id'),
    showCover: int(row, 'show_cover'),
    showIssn: int(row, 'show_issn'),
    tocPageSize: int(row, 'toc_page_size'),
  };
}
