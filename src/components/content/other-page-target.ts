/**
 * Where each of the query pages (QUERY_PAGES in src/lib/routes.ts) sends its query: the canonical
 * language-prefixed page, or null (then a 404 page).
 */
import type { ContentSource } from '../../content/source.ts';
import type { ChannelInfo, Site } from '../../content/types.ts';
import type { Lang } from '../../lib/lang.ts';
import { CHANNEL_CODE, canonical, type QueryPage, withQuery } from '../../lib/routes.ts';
import { channelTarget } from './channel-target.ts';
import { idParam, newsTypeParam } from './params.ts';

/** the channel code each page stands for when the query names none */
const DEFAULT_CODE: Partial<Record<QueryPage, string>> = {
  aboutus: 'aboutus',
  newLink1: 'newLink',
  newLeaguage: 'newLeaguage',
  science: 'science',
};

async function channelFromQuery(
  source: ContentSource,
  site: Site,
  query: URLSearchParams,
  page: QueryPage,
): Promise<ChannelInfo | null> {
  for (const key of ['columnId', 'childId', 'id']) {
    const id = idParam(query.get(key));
    if (id === null) continue;
    const channel = await source.getChannelInfo(site.id, id);
    if (channel) return channel;
  }
  const code = query.get('code') ?? DEFAULT_CODE[page];
  if (code && CHANNEL_CODE.test(code)) return source.findChannelByCode(site.id, code);
  return null;
}

export async function otherPageTarget(
  page: QueryPage,
  url: URL,
  source: ContentSource,
  site: Site,
  lang: Lang,
): Promise<string | null> {
  const query = url.searchParams;
  switch (page) {
    case 'mag':
      return `/${lang}/mag/`;
    case 'thesisDetails': {
      const id = idParam(query.get('id') ?? query.get('thesisId') ?? query.get('articleId'));
      if (id !== null) return (await source.getArticle(site.id, id)) ? canonical.article(lang, id) : null;
      const doi = query.get('doi');
      if (doi) return (await source.getArticleByDoi(site.id, doi)) ? canonical.articleDoi(lang, doi) : null;
      return null;
    }
    case 'academic': {
      const type = query.get('type') ?? query.get('code');
      if (type === 'singleFirst') return canonical.onlineFirst(lang);
      if (type === 'latestOffer') return canonical.justAccepted(lang);
      return canonical.currentIssue(lang);
    }
    case 'news':
    case 'new': {
      const channel = await channelFromQuery(source, site, query, page);
      if (channel && channel.code !== 'news') return channelTarget(source, site.id, channel, lang);
      return withQuery(canonical.news(lang), { type: newsTypeParam(query.get('type')) });
    }
    case 'science': {
      const channel = await channelFromQuery(source, site, query, page);
      return channel ? canonical.channel(lang, channel.code) : null;
    }
    default: {
      const channel = await channelFromQuery(source, site, query, page);
      return channel ? channelTarget(source, site.id, channel, lang) : null;
    }
  }
}
