/**
 * The page a news column (a channel holding news) stands for and the news that page lists: the
 * column coded news is the site's news page, which lists every item of the site whatever channel
 * it is filed under; any other column is its channel's page. The column's feed lists the same.
 */
import type { ChannelInfo } from '../content/types.ts';
import type { Lang } from './lang.ts';
import { canonical } from './routes.ts';

export type NewsColumnPage = { href: string; filter: { channelId?: number } };

export function newsColumnPage(channel: Pick<ChannelInfo, 'id' | 'code'>, lang: Lang): NewsColumnPage {
  if (channel.code === 'news') return { href: canonical.news(lang), filter: {} };
  return { href: canonical.newsInfo(lang, channel.id, 0), filter: { channelId: channel.id } };
}
