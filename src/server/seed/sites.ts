/** Site rows and their configs: header (with custom buttons), footer, publication config, basic info, tools, subject pools. */
import { apiPaths } from '../../lib/api-paths.ts';
import { qrSvg } from '../../lib/qr-svg.ts';
import { bannerSvg, logoSvg, mobileLogoSvg, navBackgroundSvg } from '../files/svg.ts';
import { addSvg, CREATED_AT, primaryColour, type SeedContext } from './context.ts';
import { GROUP_MEMBERS, type SiteSpec } from './site-data.ts';

export type SiteFiles = {
  logo: number;
  enLogo: number;
  mobileLogo: number;
  enMobileLogo: number;
  background: number;
  qr: number;
};

export async function seedSiteRow(ctx: SeedContext, spec: SiteSpec): Promise<SiteFiles> {
  const colour = primaryColour(spec);
  const files: SiteFiles = {
    logo: await addSvg(ctx, spec.id, `${spec.sld}-logo.svg`, logoSvg(spec.name, spec.enName, colour, spec.initials)),
    enLogo: await addSvg(
      ctx,
      spec.id,
      `${spec.sld}-logo-en.svg`,
      logoSvg(spec.enName, spec.name, colour, spec.initials),
    ),
    mobileLogo: await addSvg(
      ctx,
      spec.id,
      `${spec.sld}-logo-mobile.svg`,
      mobileLogoSvg(spec.name, colour, spec.initials),
    ),
    enMobileLogo: await addSvg(
      ctx,
      spec.id,
      `${spec.sld}-logo-mobile-en.svg`,
      mobileLogoSvg(spec.enName, colour, spec.initials),
    ),
    background: await addSvg(
      ctx,
      spec.id,
      `${spec.sld}-header-bg.svg`,
      bannerSvg(spec.name, spec.enName, colour, 1920, 160),
    ),
    qr: await addSvg(ctx, spec.id, `${spec.sld}-qr.svg`, qrSvg(`https://${spec.sld}.example.org/wechat`, 'WeChat')),
  };
  await ctx.insert('sites', {
    id: spec.id,
    sld: spec.sld,
    domain: spec.domain,
    name: spec.name,
    en_name: spec.enName,
    template_id: spec.type === 'all' ? 3 : spec.type === 'group' ? 2 : 1,
    type: spec.type,
    colour: spec.colour,
    colour1: spec.custom?.colour1 ?? null,
    colour2: spec.custom?.colour2 ?? null,
    colour3: spec.custom?.colour3 ?? null,
    gray_type: spec.grayType,
    umt_flag: spec.id === 3 ? 1 : 0,
    logo1: files.logo,
    picture_url: `/rc-pub/front/files/get?id=${files.background}`,
    keywords: `${spec.name};学术期刊;开放获取;在线投稿`,
    en_keywords: `${spec.enName};academic journal;open access;online submission`,
    status: spec.status,
    created_at: CREATED_AT,
  });
  return files;
}

type Button = {
  customButtonStatus: number;
  customButtonName: string;
  enCustomButtonName: string | null;
  customButtonLinkValue: string;
};

function customButtons(spec: SiteSpec): Button[] {
  const base = `https://${spec.sld}.example.org`;
  if (spec.id === 1) {
    // four buttons, one switched off: the header shows at most three
    return [
      {
        customButtonStatus: 1,
        customButtonName: '作者投稿',
        enCustomButtonName: 'Submit',
        customButtonLinkValue: `${base}/author`,
      },
      {
        customButtonStatus: 1,
        customButtonName: '专家审稿',
        enCustomButtonName: 'Review',
        customButtonLinkValue: `${base}/reviewer`,
      },
      {
        customButtonStatus: 1,
        customButtonName: '编辑办公',
        enCustomButtonName: 'Editor',
        customButtonLinkValue: `${base}/editor`,
      },
      {
        customButtonStatus: 0,
        customButtonName: '旧版入口',
        enCustomButtonName: 'Old site',
        customButtonLinkValue: `${base}/old`,
      },
    ];
  }
  if (spec.id === 5)
    return [
      {
        customButtonStatus: 1,
        customButtonName: '投稿须知',
        enCustomButtonName: 'Author guidelines',
        customButtonLinkValue: `${base}/guide`,
      },
    ];
  return [
    {
      customButtonStatus: 1,
      customButtonName: '在线投稿',
      enCustomButtonName: 'Submit online',
      customButtonLinkValue: `${base}/submit`,
    },
  ];
}

/** emf limits its search types to thesis, picture, audio and video (docs/product-rules.md#special-sites). */
function resourceTypes(spec: SiteSpec): string {
  if (spec.sld === 'emf') return '428;25;28;29';
  if (spec.type === 'all') return '428;-3;25;26;29;28;0;-2';
  if (spec.type === 'group') return '428,-3,25,26,-2';
  return '428;25;26;29;28;-2';
}

export async function seedSiteConfig(
  ctx: SeedContext,
  spec: SiteSpec,
  files: SiteFiles,
  publicationIds: readonly number[],
): Promise<void> {
  const { add, insert, random } = ctx;
  // cpg draws a picture behind its navigation bar (hasNavBg)
  const navBg =
    spec.sld === 'cpg'
      ? await addSvg(ctx, spec.id, `${spec.sld}-nav-bg.svg`, navBackgroundSvg(primaryColour(spec)))
      : null;
  await add('header_configs', {
    site_id: spec.id,
    nav_style: spec.navStyle,
    is_ceiling: spec.id === 1 || spec.id === 6 ? 1 : 0,
    has_login_and_register: spec.id === 4 ? 0 : 1,
    group_entrance: spec.type === 'group' || spec.id === 1 ? 1 : 0,
    search_box: 1,
    adv_search: spec.id === 5 ? 0 : 1,
    resource_search: 1,
    resource_type: resourceTypes(spec),
    nav_distribution: spec.id === 6 ? 1 : 0,
    switch_language: 1,
    has_greeting: spec.id === 1 || spec.id === 2 || spec.id === 3 ? 1 : 0,
    greeting: `欢迎访问${spec.name}！`,
    en_greeting: `Welcome to ${spec.enName}!`,
    background_cover_id: files.background,
    pc_logo: files.logo,
    mobile_logo: files.mobileLogo,
    en_pc_logo: files.enLogo,
    en_mobile_logo: files.enMobileLogo,
    custom_buttons: JSON.stringify(customButtons(spec)),
    css_content: spec.id === 4 ? '.site-header .logo img { max-height: 64px; }' : null,
    has_nav_bg: navBg === null ? 0 : 1,
    nav_bg_id: navBg,
  });
  const light = spec.lightFooter;
  await add('footer_configs', {
    site_id: spec.id,
    toolbar_style: light ? 1 : 2,
    show_logo: 1,
    // no picture of its own: the footer draws a QR code of the site's home page
    qr_file_id: null,
    qr_message: '扫码在手机上访问本站',
    en_qr_message: 'Scan to open this site on your phone',
    css_content: light ? null : '.site-footer a { text-decoration: underline; }',
    background_color: light ? '#f5f5f5' : '#1f2a37',
    postcode: spec.postcode,
    phone: `024-${random.int(2000, 8999)}${random.int(1000, 9999)}`,
    email: `editor@${spec.sld}.example.org`,
    fax: `024-${random.int(2000, 8999)}${random.int(1000, 9999)}`,
    ch_logo: files.logo,
    en_logo: files.enLogo,
    ch_logo_name: spec.name,
    en_logo_name: spec.enName,
    address: `${spec.city}市学院路${random.int(1, 199)}号${spec.name}编辑部`,
    en_address: `Editorial Office of ${spec.enName}, No. ${random.int(1, 199)} Xueyuan Road, ${spec.enCity}`,
    copyright: `© 2026 ${spec.name}编辑部 版权所有`,
    en_copyright: `© 2026 Editorial Office of ${spec.enName}. All rights reserved.`,
    icp: `京ICP备${random.int(10000000, 99999999)}号-1`,
    picp: `京公网安备${random.int(10000000000000, 99999999999999)}号`,
    picp_link: 'https://beian.mps.gov.cn/',
    link_address: `https://${spec.sld}.example.org/contact`,
    show_visits: spec.id === 1 || spec.id === 2 || spec.id === 5 ? 1 : 0,
  });
  await add('publication_configs', {
    site_id: spec.id,
    publication_id: publicationIds[0] ?? null,
    show_cover: 1,
    show_issn: spec.id === 5 ? 0 : 1,
    toc_page_size: spec.id === 1 ? 50 : 100,
  });
  await add('basic_infos', {
    site_id: spec.id,
    indexed: spec.id === 5 ? '北大核心;CSSCI;RCCSE' : 'Scopus;EI;CSCD;北大核心',
    group_type: spec.type === 'group' ? 1 : spec.type === 'all' ? 2 : 0,
    description: `${spec.name}是面向国内外学术界的开放获取期刊平台。`,
    en_description: `${spec.enName} is an open-access publishing platform serving scholars worldwide.`,
  });
  const tools: [string, string | null, string, string, string | null, string | null][] = [
    ['platform', 'rss', 'RSS订阅', 'RSS', 'icon-rss', `${apiPaths.rss}?siteId=${spec.id}`],
    ['platform', 'email', '邮件订阅', 'E-mail alerts', 'icon-email', null],
    ['platform', 'folderAdd', '引用收藏', 'Citation basket', 'icon-folder-add', null],
    ['pop', 'wechat', '微信公众号', 'WeChat', 'icon-wechat', null],
    ['external', null, '投稿系统', 'Submission system', 'icon-edit', `https://${spec.sld}.example.org/submit`],
  ];
  for (const [index, [type, platformType, resName, enResName, cover, link]] of tools.entries()) {
    await insert('tools', {
      site_id: spec.id,
      type,
      platform_type: platformType,
      res_name: resName,
      en_res_name: enResName,
      cover,
      link_value: link,
      link_value2: type === 'pop' ? `https://${spec.sld}.example.org/wechat` : null,
      link_type2: type === 'pop' ? 'link' : null,
      bounce_picture_id: type === 'pop' ? files.qr : null,
      description: type === 'pop' ? '扫码关注获取最新论文推送' : null,
      en_description: type === 'pop' ? 'Scan to follow us for new papers' : null,
      sort_order: index + 1,
    });
  }
  const pools: [string, string][] = [
    ['工程技术', 'Engineering'],
    ['自然科学', 'Natural Sciences'],
    ['人文社科', 'Humanities and Social Sciences'],
    ['医药卫生', 'Medicine and Health'],
  ];
  for (const [name, enName] of pools.slice(0, spec.type === 'single' ? 2 : 4))
    await insert('subject_pools', { site_id: spec.id, name, en_name: enName });
}

export async function seedGroups(ctx: SeedContext): Promise<void> {
  for (const [groupId, members] of Object.entries(GROUP_MEMBERS)) {
    for (const [index, memberId] of members.entries()) {
      await ctx.add('site_groups', { site_id: Number(groupId), member_site_id: memberId, sort_order: index + 1 });
    }
  }
}
