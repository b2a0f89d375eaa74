/**
 * The channel (menu) tree of a site. Every menu item code of docs/product-rules.md#menu-targets appears,
 * with custom codes, hidden page-part codes the menu filter must drop, disabled items, items
 * missing one language and two-level menus. jmst and cpg get a long top level that overflows 650 px.
 */
import { bannerSvg } from '../files/svg.ts';
import { addSvg, primaryColour, type SeedContext } from './context.ts';
import type { SiteSpec } from './site-data.ts';

type Node = {
  code: string;
  name: string | null;
  enName: string | null;
  enable?: '0' | '1';
  linkValue?: string;
  linkType?: string;
  route?: string;
  newsDataType?: string;
  styleId?: number;
  banner?: boolean;
  content?: readonly [string, string];
  children?: Node[];
};

/** Channel ids by code (the first channel with that code) and the number of top-level items. */
export type SeededChannels = { byCode: Map<string, number>; topLevel: number };

const page = (site: SiteSpec, title: string, enTitle: string, zh: string, en: string): readonly [string, string] => [
  `<h2>${title}</h2><p>${zh}</p><ul><li>编辑部：${site.name}编辑部</li><li>电子邮箱：editor@${site.sld}.example.org</li></ul>`,
  `<h2>${enTitle}</h2><p>${en}</p><ul><li>Editorial office: ${site.enName}</li><li>E-mail: editor@${site.sld}.example.org</li></ul>`,
];

function tree(site: SiteSpec, publicationId: number): Node[] {
  const about = page(
    site,
    '关于我们',
    'About us',
    `${site.name}致力于传播高水平学术成果，实行双盲同行评议。`,
    `${site.enName} publishes high-quality research under double-blind peer review.`,
  );
  const guide = page(
    site,
    '投稿指南',
    'Author guidelines',
    '稿件须为原创，请通过在线投稿系统提交 Word 或 LaTeX 文件。',
    'Manuscripts must be original and submitted as Word or LaTeX files through the online system.',
  );
  const ethics = page(
    site,
    '出版伦理',
    'Publication ethics',
    '本刊遵循 COPE 出版伦理规范，对学术不端零容忍。',
    'The journal follows the COPE guidelines and does not tolerate misconduct.',
  );
  const science = page(
    site,
    '科学普及',
    'Popular science',
    '用通俗语言介绍本领域的前沿进展。',
    'Recent advances of the field explained for everyone.',
  );
  const call = page(
    site,
    '征稿启事',
    'Call for papers',
    '现面向海内外学者征集专题论文，截稿日期为2027年3月31日。',
    'Papers are invited for a special issue; deadline 31 March 2027.',
  );
  const external = `https://${site.sld}.example.org`;
  const items = {
    index: {
      code: 'index',
      name: '首页',
      enName: 'Home',
      children: [
        { code: 'carousel', name: '轮播图', enName: 'Carousel' },
        { code: 'quick', name: '快速通道', enName: 'Quick links' },
      ],
    },
    intro: {
      code: 'periodIntroduce',
      name: '期刊简介',
      enName: 'About the Journal',
      linkValue: String(publicationId),
      banner: true,
      children: [
        { code: 'aboutus', name: '关于我们', enName: 'About Us', banner: true, content: about },
        { code: 'item', name: '投稿指南', enName: 'Author Guidelines', route: 'guide', content: guide },
        { code: 'newItem', name: '出版伦理', enName: 'Publication Ethics', content: ethics },
        { code: 'contact', name: '联系我们', enName: 'Contact', content: about },
        { code: 'situation', name: '办刊概况', enName: 'Overview' },
        { code: 'introduce', name: '简介模块', enName: 'Introduction block' },
      ],
    },
    directory: { code: 'directory', name: '当期目录', enName: 'Current Issue' },
    backissue: { code: 'backissue', name: '过刊浏览', enName: 'Past Issues' },
    singleFirst: { code: 'singleFirst', name: '网络首发', enName: 'Online First' },
    latestOffer: { code: 'latestOffer', name: '录用稿件', enName: 'Just Accepted' },
    news: {
      code: 'news',
      name: '新闻公告',
      enName: 'News',
      newsDataType: 'news',
      banner: true,
      children: [{ code: 'newNews', name: '期刊动态', enName: 'Journal News', newsDataType: 'news' }],
    },
    editorial: { code: 'editorial', name: '编委会', enName: 'Editorial Board' },
    virtualAlbum: { code: 'virtualAlbum', name: '虚拟专辑', enName: 'Virtual Albums' },
    newAlbum: { code: 'newAlbum', name: '专题集锦', enName: 'Collections' },
    science: {
      code: 'science',
      name: '科学普及',
      enName: 'Popular Science',
      content: science,
      children: [{ code: 'newItem', name: '科普文章', enName: 'Science Articles', content: science }],
    },
    mag: { code: 'mag', name: '期刊导航', enName: 'Journals' },
    conference: { code: 'conference', name: '学术会议', enName: 'Conferences' },
    prePublication: { code: 'prePublication', name: '预出版', enName: 'Pre-publication' },
    newLeaguage: { code: 'newLeaguage', name: '期刊联盟', enName: 'Journal Alliance', styleId: 4 },
    newLink: { code: 'newLink', name: '友情链接', enName: 'Links' },
    jump: { code: 'jump', name: '投稿系统', enName: 'Submission', linkValue: `${external}/submit`, linkType: 'link' },
    callForPapers: { code: 'item', name: '征稿启事', enName: null, content: call },
    reviewers: { code: 'item', name: null, enName: 'Call for Reviewers', content: call },
    disabled: { code: 'item', name: '旧版栏目', enName: 'Old Section', enable: '0' as const, content: call },
    reader: { code: 'reader', name: '读者中心', enName: 'Readers' },
    rank: { code: 'rank', name: '排行榜', enName: 'Rankings' },
    academic: {
      code: 'academic',
      name: '学术活动',
      enName: 'Academic Events',
      content: page(
        site,
        '学术活动',
        'Academic events',
        '年度学术会议与讲座信息。',
        'Annual conferences and lectures.',
      ),
    },
  } satisfies Record<string, Node>;

  if (site.wideMenu) {
    return [
      items.index,
      items.intro,
      items.directory,
      items.backissue,
      items.singleFirst,
      items.latestOffer,
      items.news,
      items.editorial,
      items.virtualAlbum,
      items.newAlbum,
      items.science,
      items.mag,
      items.conference,
      items.prePublication,
      items.newLeaguage,
      items.newLink,
      items.jump,
      items.callForPapers,
      items.reviewers,
      items.disabled,
      items.reader,
      items.rank,
      items.academic,
    ];
  }
  return [
    items.index,
    { ...items.intro, children: [...items.intro.children, items.callForPapers] },
    {
      code: 'browse',
      name: '期刊浏览',
      enName: 'Browse',
      content: page(site, '期刊浏览', 'Browse', '按期、按栏目浏览全部论文。', 'Browse all papers by issue or section.'),
      children: [items.directory, items.backissue, items.singleFirst, items.latestOffer],
    },
    items.news,
    {
      code: 'resources',
      name: '资源中心',
      enName: 'Resources',
      content: page(site, '资源中心', 'Resources', '专辑、会议与相关链接。', 'Albums, conferences and related links.'),
      children: [
        items.virtualAlbum,
        items.newAlbum,
        items.mag,
        items.conference,
        items.prePublication,
        items.newLeaguage,
        items.newLink,
        items.jump,
        items.reviewers,
        items.academic,
      ],
    },
    items.editorial,
    items.science,
    items.disabled,
    items.reader,
    items.rank,
  ];
}

export async function seedChannels(ctx: SeedContext, site: SiteSpec, publicationId: number): Promise<SeededChannels> {
  const banner = await addSvg(
    ctx,
    site.id,
    `${site.sld}-channel-banner.svg`,
    bannerSvg(site.name, site.enName, primaryColour(site), 1200, 240),
  );
  const byCode = new Map<string, number>();
  const write = async (nodes: readonly Node[], parentId: number) => {
    for (const [index, node] of nodes.entries()) {
      const id = await ctx.insert('channels', {
        site_id: site.id,
        parent_id: parentId,
        code: node.code,
        name: node.name,
        en_name: node.enName,
        enable: node.enable ?? '1',
        link_value: node.linkValue ?? null,
        link_type: node.linkType ?? null,
        banner_id: node.banner ? banner : null,
        route: node.route ?? null,
        news_data_type: node.newsDataType ?? null,
        style_id: node.styleId ?? null,
        sort_order: index + 1,
        content: node.content?.[0] ?? null,
        en_content: node.content?.[1] ?? null,
      });
      if (!byCode.has(node.code) && (node.enable ?? '1') === '1') byCode.set(node.code, id);
      if (node.children) await write(node.children, id);
    }
  };
  const nodes = tree(site, publicationId);
  await write(nodes, 0);
  return { byCode, topLevel: nodes.length };
}
