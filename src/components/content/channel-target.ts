/**
 * Where a channel's content lives among the canonical pages (docs/product-rules.md#menu-targets),
 * for channels reached by id, by code or by a legacy query page: the page its menu item links to.
 * Codes without a page of their own show at /{lang}/{code}/, items at /{lang}/info/{id}/.
 */
import type { ContentSource } from '../../content/source.ts';
import type { ChannelInfo } from '../../content/types.ts';
import type { Lang } from '../../lib/lang.ts';
import { CHANNEL_CODE, canonical } from '../../lib/routes.ts';

/** Codes whose page is fixed, whatever the channel. */
export function fixedPageForCode(code: string, lang: Lang): string | null {
  switch (code) {
    case 'index':
      return canonical.home(lang);
    case 'news':
      return canonical.news(lang);
    case 'directory':
    case 'backissue':
      return canonical.currentIssue(lang);
    case 'singleFirst':
      return canonical.onlineFirst(lang);
    case 'latestOffer':
      return canonical.justAccepted(lang);
    case 'mag':
      return `/${lang}/mag/`;
    default:
      return null;
  }
}

export async function channelTarget(
  source: ContentSource,
  siteId: number,
  channel: ChannelInfo,
  lang: Lang,
): Promise<string> {
  const fixed = fixedPageForCode(channel.code, lang);
  if (fixed) return fixed;
  switch (channel.code) {
    case 'periodIntroduce':
      return canonical.about(lang, channel.id);
    case 'virtualAlbum':
    case 'newAlbum':
      return canonical.collectionList(lang, channel.id);
    case 'newNews':
      return canonical.newsInfo(lang, channel.id, 0);
    case 'editorial': {
      const topic = (await source.listEditorialTopics(siteId)).find((t) => t.channelId === channel.id);
      return topic ? canonical.editorialBoard(lang, topic.id) : canonical.info(lang, channel.id);
    }
    case 'newItem':
    case 'item':
      return canonical.info(lang, channel.id);
    default: {
      // the menu links a code to /{lang}/{code}/ (menu-targets.ts), which shows the first channel of that code
      if (!CHANNEL_CODE.test(channel.code)) return canonical.info(lang, channel.id);
      const first = await source.findChannelByCode(siteId, channel.code);
      return first?.id === channel.id ? canonical.channel(lang, channel.code) : canonical.info(lang, channel.id);
    }
  }
}
