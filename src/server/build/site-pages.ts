/**
 * Every prebuildable URL of a site, in every language: the one list behind build-sites, rebuilds
 * and sitemaps. Pages whose route then renders 404 are simply not written, so a guess here never
 * breaks a build; pages not listed still render on demand.
 */

import { primaryOf } from '../../content/primary-publication.ts';
import type { ContentSource } from '../../content/source.ts';
import type { Channel, Site } from '../../content/types.ts';
import { LANGS, type Lang } from '../../lib/lang.ts';
import { HIDDEN_MENU_CODES } from '../../lib/menu-filter.ts';
import { CHANNEL_CODE, canonical } from '../../lib/routes.ts';

export type SitePage = {
  /** canonical path without the language prefix, e.g. 'article/12/' ('' for none) */
  route: string;
  /** leave out of sitemaps (error pages) */
  noindex?: boolean;
};

export type ListOptions = {
  /** articles published in this many recent years (by issue year) are listed */
  recentYears: number;
  now?: Date;
};

const PAGE = 500;

/** Menu codes whose target is a page listed elsewhere or not a page of ours (docs/product-rules.md#menu-targets). */
const NON_CHANNEL_CODES = new Set([
  'index',
  'news',
  'directory',
  'backissue',
  'singleFirst',
  'latestOffer',
  'jump',
  'periodIntroduce',
  'virtualAlbum',
  'newAlbum',
  'newItem',
  'item',
  'newNews',
  'editorial',
]);

/** Strips '/{lang}/' from a canonical path built for zh. */
function routeOf(path: string): string {
  return path.replace(/^\/zh\//, '');
}

function flatten(channels: Channel[]): Channel[] {
  return channels.flatMap((channel) => (channel.enable === '1' ? [channel, ...flatten(channel.children)] : []));
}

async function allPages<T>(fetchPage: (page: number) => Promise<{ content: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; ; page++) {
    const result = await fetchPage(page);
    items.push(...result.content);
    if (result.content.length === 0 || items.length >= result.total) return items;
  }
}

/** Lists the routes (language-free) of a site. */
export async function listSiteRoutes(source: ContentSource, site: Site, options: ListOptions): Promise<SitePage[]> {
  const routes = new Map<string, SitePage>();
  const add = (path: string, extra: Partial<SitePage> = {}) => {
    const route = routeOf(path);
    if (!routes.has(route)) routes.set(route, { route, ...extra });
  };
  const siteId = site.id;
  const minYear = (options.now ?? new Date()).getFullYear() - options.recentYears + 1;

  add(canonical.home('zh'));
  add(canonical.currentIssue('zh'));
  add(canonical.onlineFirst('zh'));
  add(canonical.justAccepted('zh'));
  add(canonical.ranking('zh'));
  add(canonical.news('zh'));
  add(canonical.rssList('zh'));
  add(canonical.emailSubscribe('zh'));

  const articleIds = new Set<number>();
  const publications = await source.listPublications(siteId);
  const shell = await source.getSiteShell(siteId);
  // /{lang}/issue/{year}/{issue}/ names an issue of the site's main journal; a group's other
  // journals are reached with ?journal=, which is rendered on demand, never prebuilt.
  const mainPublicationId = primaryOf(shell, publications);
  if (mainPublicationId !== null) {
    for (const year of await source.getPeriodTree(siteId, { publicationId: mainPublicationId })) {
      add(canonical.issueYear('zh', year.year));
      for (const period of year.periods) add(canonical.issue('zh', period.year, period.issue));
    }
  }
  for (const publication of publications) {
    add(canonical.about('zh', publication.id));
    for (const year of await source.getPeriodTree(siteId, { publicationId: publication.id })) {
      if (year.year < minYear) continue;
      for (const period of year.periods) {
        const toc = await allPages(async (page) => {
          const result = await source.getIssueToc(siteId, period.id, page, PAGE);
          return { content: result?.columns.flatMap((column) => column.articles) ?? [], total: result?.total ?? 0 };
        });
        for (const article of toc) articleIds.add(article.id);
      }
    }
  }
  for (const kind of ['online-first', 'just-accepted'] as const) {
    for (const article of await allPages((page) => source.listArticles(siteId, kind, page, PAGE)))
      articleIds.add(article.id);
  }
  for (const id of [...articleIds].sort((a, b) => a - b)) add(canonical.article('zh', id));

  for (const news of await allPages((page) => source.listNews(siteId, { page, size: PAGE })))
    add(canonical.newsDetails('zh', news.id));
  for (const album of await source.listAlbums(siteId)) {
    add(canonical.collection('zh', album.id));
    if (album.channelId !== null) add(canonical.collectionList('zh', album.channelId));
  }
  for (const topic of await source.listEditorialTopics(siteId)) {
    add(canonical.editorialBoard('zh', topic.id));
    const first = await source.listExperts(siteId, topic.id, 0, 1);
    const expert = first.content[0];
    if (expert) add(canonical.editorialBoard('zh', topic.id, expert.id));
  }

  for (const channel of flatten(shell?.channels ?? [])) {
    if (channel.code === 'periodIntroduce') add(canonical.about('zh', channel.id));
    else if (channel.code === 'virtualAlbum' || channel.code === 'newAlbum')
      add(canonical.collectionList('zh', channel.id));
    else if (channel.code === 'newItem' || channel.code === 'item')
      add(channel.route ? canonical.channel('zh', channel.route) : canonical.info('zh', channel.id));
    else if (channel.code === 'newNews') add(canonical.newsInfo('zh', channel.id, 0));
    // hidden codes are parts of other pages (the home carousel, quick links): no page of their own to prebuild
    else if (
      !NON_CHANNEL_CODES.has(channel.code) &&
      !HIDDEN_MENU_CODES.has(channel.code) &&
      CHANNEL_CODE.test(channel.code)
    )
      add(canonical.channel('zh', channel.code));
  }
  return [...routes.values()];
}

/** A page listSiteRoutes may name, found from a change: an article's, an issue's, a year's or a news item's. */
const ARTICLE_ROUTE = /^article\/(\d+)\/$/;
const ISSUE_ROUTE = /^issue\/(\d+)\/(?:(\d+)\/)?$/;
const NEWS_ROUTE = /^newsDetails\/(\d+)\/$/;

/**
 * Which of `routes` (pages of articles, issues, years and news items: any other route
 * is answered as not listed) listSiteRoutes names now, found without listing the site:
 * the same rules, asked of the few items named (an article in an issue of the recent years or in
 * the online-first or just-accepted lists, an issue or a year of the site's own journal, a news item
 * the public sees).
 */
export async function listedRoutes(
  source: ContentSource,
  site: Site,
  routes: Iterable<string>,
  options: ListOptions,
): Promise<Set<string>> {
  const listed = new Set<string>();
  const minYear = (options.now ?? new Date()).getFullYear() - options.recentYears + 1;
  let recentPeriods: Set<number> | null = null;
  let mainIssues: Set<string> | null = null;
  const publications = () => source.listPublications(site.id);
  for (const route of routes) {
    const article = ARTICLE_ROUTE.exec(route);
    if (article) {
      const found = await source.getArticle(site.id, Number(article[1]));
      if (!found) continue;
      if (found.status === 'online-first' || found.status === 'just-accepted') {
        listed.add(route);
        continue;
      }
      if (found.status !== 'formal' || found.periodId === null) continue;
      if (recentPeriods === null) {
        recentPeriods = new Set();
        for (const publication of await publications())
          for (const year of await source.getPeriodTree(site.id, { publicationId: publication.id }))
            if (year.year >= minYear) for (const period of year.periods) recentPeriods.add(period.id);
      }
      if (recentPeriods.has(found.periodId)) listed.add(route);
      continue;
    }
    const issue = ISSUE_ROUTE.exec(route);
    if (issue) {
      if (mainIssues === null) {
        mainIssues = new Set();
        const main = primaryOf(await source.getSiteShell(site.id), await publications());
        if (main !== null)
          for (const year of await source.getPeriodTree(site.id, { publicationId: main })) {
            mainIssues.add(`${year.year}`);
            for (const period of year.periods) mainIssues.add(`${period.year}/${period.issue}`);
          }
      }
      if (mainIssues.has(issue[2] === undefined ? `${issue[1]}` : `${issue[1]}/${issue[2]}`)) listed.add(route);
      continue;
    }
    const news = NEWS_ROUTE.exec(route);
    if (news && (await source.getNews(site.id, Number(news[1])))) listed.add(route);
  }
  return listed;
}

export type LangPage = { lang: Lang; path: string; route: string; noindex?: boolean };

/** Expands routes to one path per language; the 404 page is rendered once per language as well. */
export function pagesInLanguages(routes: SitePage[], languages: readonly Lang[] = LANGS): LangPage[] {
  return languages.flatMap((lang) =>
    routes.map((page) => ({
      lang,
      route: page.route,
      path: `/${lang}/${page.route}`,
      ...(page.noindex ? { noindex: true } : {}),
    })),
  );
}

/** listSitePages: every page of a site in every configured language. */
export async function listSitePages(
  source: ContentSource,
  site: Site,
  options: ListOptions & { languages?: readonly Lang[] },
): Promise<LangPage[]> {
  return pagesInLanguages(await listSiteRoutes(source, site, options), options.languages);
}
