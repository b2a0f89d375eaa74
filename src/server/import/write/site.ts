import { siteIdBySld, siteRowExists, toolId } from '../../store/bulk/import-reads.ts';
import type { ImportFile } from '../schema.ts';
import { at, html, type Writer } from './writer.ts';

export async function writeSite(
  w: Writer,
  file: ImportFile,
  now: string,
): Promise<{ siteId: number; created: boolean }> {
  const site = file.site;
  const existing = await siteIdBySld(w.trx, site.sld);
  const fields = {
    domain: site.domain,
    name: site.name,
    en_name: site.enName,
    type: site.type,
    colour: site.colour,
    colour1: site.colour1,
    colour2: site.colour2,
    colour3: site.colour3,
    gray_type: site.grayType,
    keywords: site.keywords,
    en_keywords: site.enKeywords,
  };
  const { id: siteId } = await at(['site'], () =>
    w.upsert('sites', existing, fields, {
      sld: site.sld,
      type: 'single',
      colour: 1,
      gray_type: 0,
      status: 'active',
      created_at: now,
    }),
  );
  const h = site.header;
  if (h) {
    await at(['site', 'header'], () =>
      w.upsertSiteRow(
        'header_configs',
        siteId,
        {
          nav_style: h.navStyle,
          is_ceiling: h.isCeiling,
          has_login_and_register: h.hasLoginAndRegister,
          group_entrance: h.groupEntrance,
          search_box: h.searchBox,
          adv_search: h.advSearch,
          resource_search: h.resourceSearch,
          resource_type: h.resourceType,
          switch_language: h.switchLanguage,
          has_greeting:
            h.greeting || h.enGreeting ? 1 : h.greeting !== undefined && h.enGreeting !== undefined ? 0 : undefined,
          greeting: h.greeting,
          en_greeting: h.enGreeting,
          custom_buttons:
            h.customButtons === undefined
              ? undefined
              : JSON.stringify(
                  h.customButtons.map((b) => ({
                    customButtonStatus: b.status,
                    customButtonName: b.name,
                    enCustomButtonName: b.enName ?? null,
                    customButtonLinkValue: b.link,
                  })),
                ),
        },
        {
          nav_style: 1,
          is_ceiling: 0,
          has_login_and_register: 1,
          group_entrance: 0,
          search_box: 1,
          adv_search: 1,
          resource_search: 1,
          switch_language: 1,
          has_greeting: 0,
          custom_buttons: '[]',
        },
      ),
    );
  }
  const f = site.footer;
  if (f) {
    await at(['site', 'footer'], () =>
      w.upsertSiteRow(
        'footer_configs',
        siteId,
        {
          toolbar_style:
            f.backgroundColor === undefined ? undefined : f.backgroundColor?.toLowerCase() === '#f5f5f5' ? 1 : 2,
          background_color: f.backgroundColor,
          postcode: f.postcode,
          phone: f.phone,
          email: f.email,
          fax: f.fax,
          address: f.address,
          en_address: f.enAddress,
          copyright: f.copyright,
          en_copyright: f.enCopyright,
          icp: f.icp,
          picp: f.picp,
          picp_link: f.picpLink,
          link_address: f.linkAddress,
          qr_message: f.qrMessage,
          en_qr_message: f.enQrMessage,
          ch_logo_name: site.name,
          en_logo_name: site.enName,
          show_visits: f.showVisits,
        },
        { toolbar_style: 2, show_visits: 0 },
      ),
    );
  }
  const groupType = site.type === undefined ? undefined : site.type === 'group' ? 1 : site.type === 'all' ? 2 : 0;
  if (
    site.indexed !== undefined ||
    site.description !== undefined ||
    site.enDescription !== undefined ||
    (groupType !== undefined && (await siteRowExists(w.trx, 'basic_infos', siteId)))
  ) {
    await at(['site', 'indexed'], () =>
      w.upsertSiteRow(
        'basic_infos',
        siteId,
        {
          indexed: site.indexed,
          group_type: groupType,
          description: html(site.description),
          en_description: html(site.enDescription),
        },
        { group_type: 0 },
      ),
    );
  }
  for (const [i, tool] of site.tools?.entries() ?? []) {
    await at(['site', 'tools', i], async () =>
      w.upsert(
        'tools',
        await toolId(w.trx, siteId, tool.type, tool.name),
        {
          type: tool.type,
          platform_type: tool.platformType,
          res_name: tool.name,
          en_res_name: tool.enName,
          cover: tool.icon,
          link_value: tool.link,
          description: tool.description,
          en_description: tool.enDescription,
        },
        { site_id: siteId, sort_order: 100 + i },
      ),
    );
  }
  return { siteId, created: existing === null };
}
