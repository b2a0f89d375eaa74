/**
 * What the demo's conference, pre-publication, alliance and links channels show: the papers of a
 * conference and the pre-publication articles (albums filed under those channels), the member
 * journals of the alliance (the other open demo sites) and a list of related links. Written after
 * every site is seeded and without random draws, so the rest of the demo keeps its ids and values.
 */
import { channelIdByCode, newestFormalArticleIds, prePublicationArticleIds } from '../store/bulk/lookups.ts';
import type { SeedContext } from './context.ts';
import { SITE_SPECS, type SiteSpec } from './site-data.ts';

const CONFERENCE_PAPERS = 8;
const PRE_PUBLICATION_ARTICLES = 12;

const LINKS: readonly (readonly [string, string, string])[] = [
  ['中国知网', 'CNKI', 'https://www.cnki.net/'],
  ['万方数据', 'Wanfang Data', 'https://www.wanfangdata.com.cn/'],
  ['国家科技图书文献中心', 'National Science and Technology Library', 'https://www.nstl.gov.cn/'],
  ['Crossref', 'Crossref', 'https://www.crossref.org/'],
  ['开放获取期刊目录 DOAJ', 'Directory of Open Access Journals', 'https://doaj.org/'],
  ['出版伦理委员会 COPE', 'Committee on Publication Ethics', 'https://publicationethics.org/'],
  ['ORCID', 'ORCID', 'https://orcid.org/'],
];

async function addAlbum(
  ctx: SeedContext,
  site: SiteSpec,
  channelId: number,
  names: readonly [string, string, string, string],
  articleIds: readonly number[],
): Promise<void> {
  const [name, enName, description, enDescription] = names;
  const albumId = await ctx.insert('albums', {
    site_id: site.id,
    channel_id: channelId,
    name,
    en_name: enName,
    description,
    en_description: enDescription,
    cover_id: null,
    sort_order: 1,
  });
  for (const [i, articleId] of articleIds.entries())
    await ctx.add('album_items', {
      album_id: albumId,
      resource_type: 'article',
      resource_id: articleId,
      position: i + 1,
    });
}

async function addModule(
  ctx: SeedContext,
  site: SiteSpec,
  channelId: number,
  type: 'quickLinks' | 'alliance',
  names: readonly [string, string],
  config: Record<string, unknown>,
): Promise<void> {
  await ctx.insert('modules', {
    site_id: site.id,
    channel_id: channelId,
    type,
    name: names[0],
    en_name: names[1],
    sort_order: 1,
    config: JSON.stringify(config),
  });
}

export async function seedChannelContent(ctx: SeedContext, site: SiteSpec): Promise<void> {
  const channel = (code: string) => channelIdByCode(ctx.trx, site.id, code);
  const conference = await channel('conference');
  if (conference !== null) {
    await addAlbum(
      ctx,
      site,
      conference,
      [
        `${site.name}2026年学术年会论文`,
        `${site.enName}: papers of the 2026 annual conference`,
        `<p>2026年学术年会（${site.city}）上报告的论文，会后经同行评议在本刊发表。</p>`,
        `<p>Papers presented at the 2026 annual conference in ${site.enCity}, published in the journal after peer review.</p>`,
      ],
      await newestFormalArticleIds(ctx.trx, site.id, CONFERENCE_PAPERS),
    );
  }
  const prePublication = await channel('prePublication');
  if (prePublication !== null) {
    await addAlbum(
      ctx,
      site,
      prePublication,
      [
        '预出版论文',
        'Pre-publication articles',
        '<p>已录用、尚未编入期次的论文，按上线时间排列。</p>',
        '<p>Accepted articles that are not yet in an issue, newest first.</p>',
      ],
      await prePublicationArticleIds(ctx.trx, site.id, PRE_PUBLICATION_ARTICLES),
    );
  }
  const alliance = await channel('newLeaguage');
  if (alliance !== null) {
    const members = SITE_SPECS.filter((other) => other.status === 'active' && other.id !== site.id).map(
      (other) => other.id,
    );
    await addModule(ctx, site, alliance, 'alliance', ['联盟成员期刊', 'Member journals'], { siteIds: members });
  }
  const links = await channel('newLink');
  if (links !== null) {
    await addModule(ctx, site, links, 'quickLinks', ['友情链接', 'Links'], {
      links: LINKS.map(([name, enName, url]) => ({ name, enName, url })),
    });
  }
}
