/**
 * A news column (a channel holding news) as a feed: the newest items its page lists, through
 * ContentSource, each dated by its publication and its last correction a reader is told of.
 */

import { dictionary, format } from '../../i18n/index.ts';
import { NEWS_READER_FIELDS, readerCorrections } from '../../lib/article-notice.ts';
import { pick } from '../../lib/lang.ts';
import { newsColumnPage } from '../../lib/news-column.ts';
import { newsHref } from '../../lib/news-links.ts';
import { canonical } from '../../lib/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import type { FeedRequest } from './article-feed.ts';
import { correctedDate, detailsOf, type FeedChannel } from './feed.ts';

export const NEWS_FEED_COUNT = 30;

/** null when the site has no such channel. */
export async function newsFeed(request: FeedRequest, channelId: number): Promise<FeedChannel | null> {
  const { source, site, lang, origin } = request;
  const channel = await source.getChannelInfo(site.id, channelId);
  if (!channel) return null;
  const page = newsColumnPage(channel, lang);
  const list = await source.listNews(site.id, { ...page.filter, page: 0, size: NEWS_FEED_COUNT });
  const t = dictionary(lang);
  const column = plainText(pick(lang, channel.name, channel.enName)) || t.rss.newsColumn;
  const siteName = plainText(pick(lang, site.name, site.enName));
  // the detail carries the item's corrections, which its feed entry dates
  const details = await detailsOf(list.content, (item) => source.getNews(site.id, item.id));
  const absolute = (href: string) => (/^https?:\/\//i.test(href) ? href : `${origin}${href}`);
  return {
    title: format(t.rss.newsTitle, { site: siteName, column }),
    link: `${origin}${page.href}`,
    description: format(t.rss.newsDescription, { site: siteName, column }),
    language: t.rss.language,
    selfUrl: request.selfUrl,
    items: list.content.map((item, index) => {
      const detail = details[index];
      const link = absolute(newsHref(item, lang));
      const published = new Date(item.publishedAt);
      return {
        title: plainText(pick(lang, item.title, item.enTitle)),
        link,
        guid: `${origin}${canonical.newsDetails(lang, item.id)}`,
        guidIsPermaLink: true,
        pubDate: Number.isNaN(published.getTime()) ? null : published,
        updated: detail ? correctedDate(readerCorrections(detail.corrections, NEWS_READER_FIELDS)) : null,
        description: plainText(pick(lang, item.summary, item.enSummary)),
        creators: [],
        categories: [],
      };
    }),
  };
}
