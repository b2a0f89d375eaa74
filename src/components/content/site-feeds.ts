/**
 * The feeds a site offers, grouped for /rssList: the site's latest articles, each journal's newest
 * issue and online-first articles, and each news column (a menu item holding news).
 */
import { primaryOf } from '../../content/primary-publication.ts';
import type { ContentSource } from '../../content/source.ts';
import type { Channel, Site } from '../../content/types.ts';
import { dictionary, format } from '../../i18n/index.ts';
import { type FeedTarget, feedHref } from '../../lib/feed-links.ts';
import { type Lang, pick } from '../../lib/lang.ts';
import { plainText } from '../../lib/sanitize.ts';

export type FeedEntry = { label: string; rss: string; atom: string };
export type FeedGroup = { heading: string; feeds: FeedEntry[] };

function entry(lang: Lang, label: string, target: FeedTarget): FeedEntry {
  return { label, rss: feedHref('rss', lang, target), atom: feedHref('atom', lang, target) };
}

function newsColumns(channels: Channel[]): Channel[] {
  return channels.flatMap((channel) =>
    channel.enable === '1' ? [...(channel.newsDataType ? [channel] : []), ...newsColumns(channel.children)] : [],
  );
}

export async function siteFeeds(source: ContentSource, site: Site, lang: Lang): Promise<FeedGroup[]> {
  const t = dictionary(lang).pages;
  const [shell, publications] = await Promise.all([source.getSiteShell(site.id), source.listPublications(site.id)]);
  const primary = primaryOf(shell, publications);
  const groups: FeedGroup[] = [
    { heading: plainText(pick(lang, site.name, site.enName)), feeds: [entry(lang, t.feedLatest, { feed: 'latest' })] },
  ];
  for (const publication of publications) {
    const journal = plainText(pick(lang, publication.name, publication.enName));
    const publicationId = publication.id === primary ? undefined : publication.id;
    const target = (feed: 'current' | 'online-first'): FeedTarget =>
      publicationId === undefined ? { feed } : { feed, publicationId };
    groups.push({
      heading: journal,
      feeds: [
        entry(lang, format(t.feedCurrentIssue, { journal }), target('current')),
        entry(lang, format(t.feedOnlineFirst, { journal }), target('online-first')),
      ],
    });
  }
  const columns = newsColumns(shell?.channels ?? []);
  if (columns.length > 0) {
    groups.push({
      heading: t.feedNewsHeading,
      feeds: columns.map((channel) =>
        entry(lang, plainText(pick(lang, channel.name, channel.enName)), { channelId: channel.id }),
      ),
    });
  }
  return groups;
}
