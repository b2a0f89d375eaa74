/** Media (video, audio), albums with mixed items, and editorial boards with their experts. */

import { coverSvg, pictureSvg, portraitSvg } from '../files/svg.ts';
import {
  figureIds,
  firstExpertIds,
  lastAlbumPosition,
  mediaIds,
  mostCitedArticleIds,
  newestFormalArticleIds,
} from '../store/bulk/lookups.ts';
import { chineseName, institution } from './article-text.ts';
import { addDays, addSvg, primaryColour, type SeedContext } from './context.ts';
import { addDemoMediaFiles } from './media-files.ts';
import { BASE_DATE, type SiteSpec } from './site-data.ts';

export async function seedMedia(ctx: SeedContext, site: SiteSpec): Promise<void> {
  const colour = primaryColour(site);
  const videoCover = await addSvg(
    ctx,
    site.id,
    `${site.sld}-video.svg`,
    pictureSvg('视频摘要', 'Video abstract', colour, 0),
  );
  const audioCover = await addSvg(
    ctx,
    site.id,
    `${site.sld}-audio.svg`,
    pictureSvg('音频导读', 'Audio guide', colour, 1),
  );
  // the video abstract and the audio guide belong to the site's two newest articles; the interview,
  // the lecture and the podcast are the site's own (no article)
  const [newest = null, second = newest] = await newestFormalArticleIds(ctx.trx, site.id, 2);
  const files = await addDemoMediaFiles(ctx, site);
  const media: ['video' | 'audio', string, string, number | null][] = [
    ['video', '论文视频摘要：实验方法演示', 'Video abstract: demonstrating the experimental method', newest],
    ['video', '主编访谈：期刊发展十年', 'Interview with the editor-in-chief: ten years of the journal', null],
    ['video', '学术讲座：如何撰写高质量论文', 'Lecture: writing a high-quality paper', null],
    ['audio', '音频导读：本期亮点', 'Audio guide: highlights of this issue', second],
    ['audio', '播客：青年学者谈科研', 'Podcast: young scholars on research', null],
  ];
  for (const [kind, title, enTitle, articleId] of media) {
    // the length the demo once drew is still drawn, so that every later random value stays the same
    ctx.random.int(90, 1800);
    await ctx.insert('media', {
      site_id: site.id,
      article_id: articleId,
      kind,
      title,
      en_title: enTitle,
      description: `${title}（${site.name}）`,
      en_description: `${enTitle} (${site.enName})`,
      cover_id: kind === 'video' ? videoCover : audioCover,
      url: kind === 'video' ? files.video : files.audio,
      duration: files.seconds,
      published_date: addDays(BASE_DATE, -ctx.random.int(10, 600)),
    });
  }
}

export async function seedAlbums(
  ctx: SeedContext,
  site: SiteSpec,
  channels: Map<string, number>,
  publicationIds: readonly number[],
): Promise<number[]> {
  const colour = primaryColour(site);
  const articles = await mostCitedArticleIds(ctx.trx, site.id, 16);
  const pictures = await figureIds(ctx.trx, site.id, 'picture', 3);
  const tables = await figureIds(ctx.trx, site.id, 'table', 2);
  const videos = await mediaIds(ctx.trx, site.id, 'video');
  const audios = await mediaIds(ctx.trx, site.id, 'audio');
  const albums: [string, string, string, [string, number[]][]][] = [
    [
      '高被引论文专辑',
      'Highly Cited Papers',
      'virtualAlbum',
      [
        ['article', articles.slice(0, 8)],
        ['picture', pictures],
      ],
    ],
    [
      '青年学者专辑',
      'Young Scholars',
      'virtualAlbum',
      [
        ['article', articles.slice(8, 14)],
        ['table', tables],
        ['video', videos],
        ['audio', audios],
      ],
    ],
    [
      '期刊与多媒体',
      'Journals and Media',
      'newAlbum',
      [
        ['publication', [...publicationIds]],
        ['article', articles.slice(14, 16)],
        ['video', videos.slice(0, 1)],
      ],
    ],
  ];
  const albumIds: number[] = [];
  for (const [index, [name, enName, code, groups]] of albums.entries()) {
    const cover = await addSvg(
      ctx,
      site.id,
      `${site.sld}-album-${index + 1}.svg`,
      coverSvg(name, enName, colour, site.name),
    );
    const albumId = await ctx.insert('albums', {
      site_id: site.id,
      channel_id: channels.get(code) ?? null,
      name,
      en_name: enName,
      description: `${site.name}精选：${name}`,
      en_description: `Selected by ${site.enName}: ${enName}`,
      cover_id: cover,
      sort_order: index + 1,
    });
    let position = 0;
    for (const [type, list] of groups) {
      for (const resourceId of list)
        await ctx.add('album_items', {
          album_id: albumId,
          resource_type: type,
          resource_id: resourceId,
          position: ++position,
        });
    }
    albumIds.push(albumId);
  }
  return albumIds;
}

/** The first album also gathers the board's first experts (its 'experts' tab), after its other items. */
export async function addAlbumExperts(ctx: SeedContext, siteId: number, albumId: number | undefined): Promise<void> {
  if (albumId === undefined) return;
  const last = await lastAlbumPosition(ctx.trx, albumId);
  for (const [i, expertId] of (await firstExpertIds(ctx.trx, siteId, 4)).entries()) {
    await ctx.add('album_items', {
      album_id: albumId,
      resource_type: 'expert',
      resource_id: expertId,
      position: last + i + 1,
    });
  }
}

const ROLES: [string, string][] = [
  ['主编', 'Editor-in-Chief'],
  ['副主编', 'Associate Editor'],
  ['副主编', 'Associate Editor'],
  ['副主编', 'Associate Editor'],
];

export async function seedEditorial(
  ctx: SeedContext,
  site: SiteSpec,
  channelId: number | null,
  publicationId: number,
): Promise<void> {
  const colour = primaryColour(site);
  const topics: [string, string, number][] =
    site.id === 1
      ? [
          ['编委会', 'Editorial Board', 24],
          ['青年编委会', 'Youth Editorial Board', 12],
        ]
      : [['编委会', 'Editorial Board', 12]];
  for (const [name, enName, count] of topics) {
    const topicId = await ctx.insert('editorial_topics', {
      site_id: site.id,
      channel_id: channelId,
      publication_id: publicationId,
      name,
      en_name: enName,
    });
    for (let i = 0; i < count; i++) {
      const person = chineseName(ctx.random);
      const place = institution(ctx.random, site.journals[0]?.field ?? 'materials');
      const [role, enRole] = ROLES[i] ?? ['编委', 'Editorial Board Member'];
      const initials = person.enName
        .split(' ')
        .map((part) => part.charAt(0))
        .join('');
      const photo = await addSvg(
        ctx,
        site.id,
        `${site.sld}-expert-${topicId}-${i + 1}.svg`,
        portraitSvg(initials, colour),
      );
      await ctx.insert('experts', {
        site_id: site.id,
        topic_id: topicId,
        name: person.name,
        en_name: person.enName,
        role,
        en_role: enRole,
        institution: place.name.split('，')[0] ?? place.name,
        en_institution: place.enName,
        introduction: `${person.name}，教授，博士生导师，主要从事相关领域研究，发表论文${ctx.random.int(40, 300)}余篇。`,
        en_introduction: `${person.enName} is a professor and doctoral supervisor with more than ${ctx.random.int(40, 300)} published papers.`,
        photo_id: photo,
        sort_order: i + 1,
      });
    }
  }
}
