/**
 * A site's settings as the console edits them: theme colours, gray mode, the header's and the
 * footer's configuration. A save is audited with its before and after values and recorded as a
 * settings change (the whole site renders again), all in one transaction.
 */
import type { SettingsButton as CustomButton, SiteSettings } from '../../lib/console-answers.ts';
import { recordAudit } from './audit.ts';
import { recordChanges } from './changes.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const HEADER_DEFAULTS = {
  nav_style: 1,
  is_ceiling: 0,
  has_login_and_register: 1,
  search_box: 1,
  switch_language: 1,
  custom_buttons: '[]',
};

function buttonsOf(json: string): CustomButton[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((entry: Record<string, unknown>) => ({
      status: entry.customButtonStatus === 1 || entry.customButtonStatus === '1' ? 1 : 0,
      name: typeof entry.customButtonName === 'string' ? entry.customButtonName : '',
      enName: typeof entry.enCustomButtonName === 'string' ? entry.enCustomButtonName : null,
      link: typeof entry.customButtonLinkValue === 'string' ? entry.customButtonLinkValue : '',
    }));
  } catch {
    return [];
  }
}

const buttonsJson = (buttons: readonly CustomButton[]) =>
  JSON.stringify(
    buttons.map((b) => ({
      customButtonStatus: b.status,
      customButtonName: b.name,
      enCustomButtonName: b.enName,
      customButtonLinkValue: b.link,
    })),
  );

/** The settings of a site, defaults where it has no header or footer row yet; null for no such site. */
export async function readSiteSettings(db: Db, siteId: number): Promise<SiteSettings | null> {
  const q = kysely(db);
  const site = await q
    .selectFrom('sites')
    .select(['colour', 'colour1', 'colour2', 'colour3', 'gray_type'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) return null;
  const header = await q.selectFrom('header_configs').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  const footer = await q.selectFrom('footer_configs').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  const h = header ?? HEADER_DEFAULTS;
  return {
    theme: { colour: site.colour, colour1: site.colour1, colour2: site.colour2, colour3: site.colour3 },
    grayType: site.gray_type,
    header: {
      navStyle: h.nav_style,
      isCeiling: h.is_ceiling === 1,
      hasLoginAndRegister: h.has_login_and_register === 1,
      searchBox: h.search_box === 1,
      switchLanguage: h.switch_language === 1,
      customButtons: buttonsOf(h.custom_buttons),
    },
    footer: {
      address: footer?.address ?? null,
      enAddress: footer?.en_address ?? null,
      postcode: footer?.postcode ?? null,
      phone: footer?.phone ?? null,
      email: footer?.email ?? null,
      fax: footer?.fax ?? null,
      copyright: footer?.copyright ?? null,
      enCopyright: footer?.en_copyright ?? null,
      icp: footer?.icp ?? null,
      picp: footer?.picp ?? null,
      picpLink: footer?.picp_link ?? null,
      showVisits: footer?.show_visits === 1,
    },
  };
}

const bit = (value: boolean) => (value ? 1 : 0);

/** Saves a site's settings; answers them as saved. */
export async function writeSiteSettings(
  db: Db,
  siteId: number,
  settings: SiteSettings,
  actor: string,
  origin: string,
  now: Date,
): Promise<SiteSettings | null> {
  const before = await readSiteSettings(db, siteId);
  if (!before) return null;
  const { theme, header, footer } = settings;
  const headerRow = {
    nav_style: header.navStyle,
    is_ceiling: bit(header.isCeiling),
    has_login_and_register: bit(header.hasLoginAndRegister),
    search_box: bit(header.searchBox),
    switch_language: bit(header.switchLanguage),
    custom_buttons: buttonsJson(header.customButtons),
  };
  const footerRow = {
    address: footer.address,
    en_address: footer.enAddress,
    postcode: footer.postcode,
    phone: footer.phone,
    email: footer.email,
    fax: footer.fax,
    copyright: footer.copyright,
    en_copyright: footer.enCopyright,
    icp: footer.icp,
    picp: footer.picp,
    picp_link: footer.picpLink,
    show_visits: bit(footer.showVisits),
  };
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('sites')
        .set({
          colour: theme.colour,
          colour1: theme.colour1,
          colour2: theme.colour2,
          colour3: theme.colour3,
          gray_type: settings.grayType,
        })
        .where('id', '=', siteId)
        .execute();
      await trx
        .insertInto('header_configs')
        .values({ site_id: siteId, ...headerRow })
        .onConflict((oc) => oc.column('site_id').doUpdateSet(headerRow))
        .execute();
      await trx
        .insertInto('footer_configs')
        .values({ site_id: siteId, ...footerRow })
        .onConflict((oc) => oc.column('site_id').doUpdateSet(footerRow))
        .execute();
      await recordAudit(trx, { siteId, actor, action: 'site.settings', before, after: settings }, now);
      await recordChanges(trx, [{ siteId, kind: 'settings', action: 'updated', ids: [] }], origin, now);
    });
  return readSiteSettings(db, siteId);
}
