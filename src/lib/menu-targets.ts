/**
 * docs/product-rules.md#menu-targets: where each menu item code leads, in both URL families. The shapes come
 * from the one route table (routes.ts); this file only decides which builder and which ids.
 */
import type { ContentSource } from '../content/source.ts';
import type { Channel, Period, Site } from '../content/types.ts';
import { EXPERT_LIST_PAGE, EXPERT_LIST_SIZE } from './constants.ts';
import type { Lang } from './lang.ts';
import { isSafeMenuLink } from './menu-rules.ts';
import { canonical, legacy, otherPages, type QueryValues } from './routes.ts';

export type PeriodRef = Pick<Period, 'id' | 'year' | 'issue'>;

export type TargetContext = {
  lang: Lang;
  site: Pick<Site, 'id' | 'sld' | 'type'>;
  /** 'canonical' when the current path starts with a language, else 'legacy' */
  family: 'canonical' | 'legacy';
  /** the newest issue (directory) */
  firstPeriods: PeriodRef | null;
  /** the issue before it (backissue) */
  secondPeriods: PeriodRef | null;
  /** the first expert of the editorial item's topic (expert list page 0, size 10) */
  firstExpertId?: number | undefined;
  /** per editorial channel id, when a menu has several editorial items */
  firstExpertIds?: Readonly<Record<number, number>> | undefined;
};

export type MenuTarget = { href: string; newTab: boolean };

export type TargetItem = Pick<
  Channel,
  'id' | 'parentId' | 'code' | 'linkValue' | 'bannerId' | 'route' | 'newsDataType'
> & {
  label?: string;
  name?: string | null;
  enName?: string | null;
  index?: number;
  parentIndex?: number | null;
};

/** jump links only open what an editor may save (docs/product-rules.md#menu-guard-rails) */
function safeLink(value: string | null): string {
  const link = (value ?? '').trim();
  return isSafeMenuLink(link) ? link : '#';
}

function columnQuery(item: TargetItem, lang: Lang): QueryValues {
  const isChild = item.parentIndex !== null && item.parentIndex !== undefined;
  const name = item.label ?? ((lang === 'en' ? item.enName : item.name) || '');
  return {
    columnId: isChild ? item.parentId : item.id,
    columnName: name,
    index: isChild ? item.parentIndex : (item.index ?? 0),
    parentIndex: isChild ? item.parentIndex : undefined,
    bannerId: item.bannerId,
    code: item.code,
    childId: isChild ? item.id : undefined,
  };
}

const same = (href: string): MenuTarget => ({ href, newTab: false });

/** The link of one menu item. */
export function menuTarget(item: TargetItem, ctx: TargetContext): MenuTarget {
  const { lang, site } = ctx;
  const canon = ctx.family === 'canonical';
  const code = item.code;
  switch (code) {
    case 'index':
      return same(canon ? canonical.home(lang) : legacy.home(site.sld, lang));
    case 'jump':
      return { href: safeLink(item.linkValue), newTab: true };
    case 'news':
      return same(
        canon ? canonical.news(lang) : otherPages.page('news', { type: item.newsDataType, ...columnQuery(item, lang) }),
      );
    case 'directory':
    case 'backissue': {
      const period = code === 'directory' ? ctx.firstPeriods : ctx.secondPeriods;
      if (canon) return same(period ? canonical.issue(lang, period.year, period.issue) : canonical.currentIssue(lang));
      return same(
        period ? legacy.backIssue(site.id, item.id, period.id, lang) : legacy.academic(site.id, item.id, code, lang),
      );
    }
    case 'singleFirst':
      return same(canon ? canonical.onlineFirst(lang) : legacy.academic(site.id, item.id, code, lang));
    case 'latestOffer':
      return same(canon ? canonical.justAccepted(lang) : legacy.academic(site.id, item.id, code, lang));
    case 'newLink':
      return same(canon ? canonical.channel(lang, code) : otherPages.page('newLink1', columnQuery(item, lang)));
    case 'periodIntroduce':
      return same(canon ? canonical.about(lang, item.id) : legacy.about(site.id, item.id, lang));
    case 'aboutus':
      return same(canon ? canonical.channel(lang, code) : otherPages.page('aboutus', columnQuery(item, lang)));
    case 'virtualAlbum':
    case 'newAlbum':
      return same(canon ? canonical.collectionList(lang, item.id) : legacy.collectionList(site.id, item.id, lang));
    case 'newLeaguage':
      return same(
        canon
          ? canonical.channel(lang, code)
          : otherPages.page('newLeaguage', {
              ...columnQuery(item, lang),
              columnEnName: item.enName ?? undefined,
              styleId: 4,
            }),
      );
    case 'newItem':
    case 'item': {
      const route = (item.route ?? '').replace(/^\/+|\/+$/g, '');
      if (canon) return same(route ? canonical.channel(lang, route) : canonical.info(lang, item.id));
      return same(legacy.info(site.id, item.id, lang));
    }
    case 'newNews':
      return same(canon ? canonical.newsInfo(lang, item.id, 0) : legacy.newsInfo(site.id, item.id, lang));
    case 'editorial': {
      const expertId = ctx.firstExpertIds?.[item.id] ?? ctx.firstExpertId;
      if (canon) return same(canonical.editorialBoard(lang, item.id, expertId));
      return same(legacy.editorialBoard(site.id, item.id, expertId ?? 0, lang));
    }
    case 'conference':
    case 'prePublication':
      return same(canon ? canonical.channel(lang, code) : otherPages.page('newArticle', columnQuery(item, lang)));
    default:
      return same(
        canon
          ? canonical.channel(lang, code)
          : otherPages.page(code, {
              ...columnQuery(item, lang),
              newsDataType: item.newsDataType,
              newCompositeId: item.linkValue,
            }),
      );
  }
}

/** The login entry opens in a new tab except on 'all' sites (docs/product-rules.md#menu-targets). */
export function loginTarget(lang: Lang, site: Pick<Site, 'type'>): MenuTarget {
  return { href: otherPages.login(lang), newTab: site.type !== 'all' };
}

/** Which family the current path belongs to. */
export function familyOf(pathname: string): 'canonical' | 'legacy' {
  return /^\/(zh|en)(\/|$)/.test(pathname) ? 'canonical' : 'legacy';
}

type ExpertSource = Pick<ContentSource, 'listEditorialTopics' | 'listExperts'>;

/**
 * The first expert of each editorial channel's topic (docs/product-rules.md#editorial-boards: page 0, size 10, data[0].content[0].id).
 * A channel's topic is the one linked to it, else the site's first topic.
 */
export async function findFirstExpertIds(
  source: ExpertSource,
  siteId: number,
  editorialChannelIds: readonly number[],
): Promise<Record<number, number>> {
  if (editorialChannelIds.length === 0) return {};
  const topics = await source.listEditorialTopics(siteId);
  const result: Record<number, number> = {};
  for (const channelId of editorialChannelIds) {
    const topic = topics.find((t) => t.channelId === channelId) ?? topics[0];
    if (!topic) continue;
    const experts = await source.listExperts(siteId, topic.id, EXPERT_LIST_PAGE, EXPERT_LIST_SIZE);
    const first = experts.content[0];
    if (first) result[channelId] = first.id;
  }
  return result;
}
