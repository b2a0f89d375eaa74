/** Home-page modules on the index channel: one of every module type, with the settings each one reads. */
import type { z } from 'zod';
import type { moduleTypeSchema } from '../../content/types.ts';
import { slideSvg } from '../files/svg.ts';
import { fileUrl } from '../store/files.ts';
import { addSvg, primaryColour, type SeedContext } from './context.ts';
import type { SiteSpec } from './site-data.ts';

type ModuleType = z.infer<typeof moduleTypeSchema>;

export type ModuleRefs = {
  indexChannelId: number;
  topNewsIds: readonly number[];
  albumIds: readonly number[];
  publicationIds: readonly number[];
  firstArticleId: number | null;
};

/** Gives each carousel item a slide picture of its own, drawn for this site and slide. */
async function withSlides(
  ctx: SeedContext,
  site: SiteSpec,
  items: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const slides: Record<string, unknown>[] = [];
  for (const [i, item] of items.entries())
    slides.push({
      ...item,
      imageUrl: fileUrl(
        await addSvg(ctx, site.id, `${site.sld}-slide-${i + 1}.svg`, slideSvg(primaryColour(site), site.id, i)),
      ),
    });
  return slides;
}

export async function seedModules(ctx: SeedContext, site: SiteSpec, refs: ModuleRefs): Promise<void> {
  const external = `https://${site.sld}.example.org`;
  const modules: [ModuleType, string, string, Record<string, unknown>][] = [
    [
      'carousel',
      '轮播图',
      'Carousel',
      {
        autoplay: false,
        interval: 5000,
        items: await withSlides(ctx, site, [
          ...refs.topNewsIds.slice(0, 2).map((id) => ({ type: 'news', id })),
          ...(refs.albumIds[0] === undefined ? [] : [{ type: 'album', id: refs.albumIds[0] }]),
          ...(refs.firstArticleId === null ? [] : [{ type: 'article', id: refs.firstArticleId }]),
          { type: 'link', url: `${external}/submit` },
        ]),
      },
    ],
    ['latestIssue', '最新一期', 'Latest Issue', { size: 10, publicationId: refs.publicationIds[0] ?? null }],
    ['onlineFirst', '网络首发', 'Online First', { size: 8, includeJustAccepted: true }],
    ['mostRead', '阅读排行', 'Most Read', { size: 10, sort: 'views' }],
    ['news', '新闻公告', 'News', { size: 6, types: ['information', 'announcement', 'dynamic', 'statement'] }],
    ['albums', '专辑推荐', 'Featured Albums', { size: 4, albumIds: refs.albumIds }],
    [
      'quickLinks',
      '快速通道',
      'Quick Links',
      {
        links: [
          { name: '作者投稿', enName: 'Submit a manuscript', url: `${external}/author` },
          { name: '专家审稿', enName: 'Reviewer login', url: `${external}/reviewer` },
          { name: '模板下载', enName: 'Templates', url: `${external}/template.docx` },
          { name: '版权协议', enName: 'Copyright agreement', url: `${external}/copyright.pdf` },
        ],
      },
    ],
    [
      'journals',
      site.type === 'single' ? '本刊信息' : '旗下期刊',
      site.type === 'single' ? 'About the Journal' : 'Our Journals',
      { publicationIds: refs.publicationIds },
    ],
  ];
  for (const [index, [type, name, enName, config]] of modules.entries()) {
    await ctx.insert('modules', {
      site_id: site.id,
      channel_id: refs.indexChannelId,
      type,
      name,
      en_name: enName,
      sort_order: index + 1,
      config: JSON.stringify(config),
    });
  }
}
