/** The ContentSource that reads the store in-process, on either engine (SQLite or PostgreSQL). */

import type { ContentSource } from '../content/source.ts';
import { advancedSearch, simpleSearch, simpleSearchClusters } from './search/service.ts';
import { getAlbum, listAlbums } from './store/albums.ts';
import { articleStatistics, rankedArticles } from './store/article-counts.ts';
import {
  articleRemoval,
  articleRemovalByDoi,
  getArticle,
  getArticleAbstracts,
  getArticleByDoi,
  getArticlePreview,
} from './store/article-detail.ts';
import { articleRelations, resourceStatistics } from './store/article-relations.ts';
import { firstArticles, listArticles } from './store/articles.ts';
import { findChannelByCode, getChannelInfo } from './store/channels.ts';
import type { Db } from './store/db.ts';
import { getEditorialTopic, listEditorialTopics, listExperts } from './store/experts.ts';
import { getIssueToc, getIssueTocPreview } from './store/issue-toc.ts';
import { getModules } from './store/modules.ts';
import { getNews, getNewsPreview, getTopNews, listNews } from './store/news.ts';
import { findPeriod, getFirstTwoPeriods, getPeriodTree } from './store/periods.ts';
import { getPublication, listPublications } from './store/publications.ts';
import { getResource } from './store/resources.ts';
import { getSearchConditions, getSearchConfig } from './store/search-config.ts';
import { getSiteShell } from './store/shell.ts';
import { findSiteByDomain, findSiteById, findSiteBySld } from './store/sites.ts';
import { visibilityNow } from './store/visibility.ts';

export type LocalSourceOptions = {
  /** the clock behind the footer's "today" visit count */
  now?: () => Date;
};

export function createLocalSource(db: Db, options: LocalSourceOptions = {}): ContentSource {
  const now = options.now ?? (() => new Date());
  return {
    findSiteBySld: async (sld) => findSiteBySld(db, sld),
    findSiteById: async (siteId) => findSiteById(db, siteId),
    findSiteByDomain: async (domain) => findSiteByDomain(db, domain),
    getSiteShell: async (siteId) => getSiteShell(db, siteId, now()),
    getModules: async (siteId, channelId) => getModules(db, siteId, channelId),
    getChannelInfo: async (siteId, channelId) => getChannelInfo(db, siteId, channelId),
    findChannelByCode: async (siteId, code) => findChannelByCode(db, siteId, code),

    listPublications: async (siteId) => listPublications(db, siteId),
    getPublication: async (siteId, publicationId) => getPublication(db, siteId, publicationId),
    getPeriodTree: async (siteId, treeOptions) => getPeriodTree(db, siteId, treeOptions),
    getFirstTwoPeriods: async (siteId, publicationId) => getFirstTwoPeriods(db, siteId, publicationId),
    findPeriod: async (siteId, year, issue, publicationId) => findPeriod(db, siteId, year, issue, publicationId),
    getIssueToc: async (siteId, periodId, page, size) => getIssueToc(db, siteId, periodId, page, size),

    listArticles: async (siteId, kind, page, size, publicationId) =>
      listArticles(db, siteId, kind, page, size, publicationId),
    listFirstArticles: (siteId, kind, size, publicationId) => firstArticles(db, siteId, kind, size, publicationId),
    getArticle: async (siteId, articleId) => getArticle(db, siteId, articleId),
    getArticleAbstracts: (siteId, articleIds) => getArticleAbstracts(db, siteId, articleIds),
    getArticleByDoi: async (siteId, doi) => getArticleByDoi(db, siteId, doi),
    getArticlePreview: async (siteId, articleId) => getArticlePreview(db, siteId, articleId),
    getNewsPreview: (siteId, newsId) => getNewsPreview(db, siteId, newsId),
    getIssueTocPreview: (siteId, periodId, page, size) => getIssueTocPreview(db, siteId, periodId, page, size),
    getArticleRemoval: (siteId, articleId) => articleRemoval(db, siteId, articleId),
    getArticleRemovalByDoi: (siteId, doi) => articleRemovalByDoi(db, siteId, doi),
    rankArticles: (siteId, ranking) => rankedArticles(db, siteId, ranking, now()),
    getArticleStatistics: (siteId, articleId) => articleStatistics(db, siteId, articleId, now()),
    getArticleHtml: async (siteId, articleId) => (await getArticle(db, siteId, articleId))?.fullText ?? null,
    getArticleReferences: async (siteId, articleId) => (await getArticle(db, siteId, articleId))?.references ?? [],
    getArticleAttachments: async (siteId, articleId) => (await getArticle(db, siteId, articleId))?.supplements ?? [],
    getArticleRelations: (siteId, articleId) => articleRelations(db, siteId, articleId, visibilityNow(now())),
    getResourceStatistics: (siteId, articleId) => resourceStatistics(db, siteId, articleId, visibilityNow(now())),

    listNews: async (siteId, filter) => listNews(db, siteId, filter),
    getNews: async (siteId, newsId) => getNews(db, siteId, newsId),
    getTopNews: async (siteId) => getTopNews(db, siteId),

    getResource: (siteId, kind, id) => getResource(db, siteId, kind, id),
    listAlbums: async (siteId, channelId) => listAlbums(db, siteId, channelId),
    getAlbum: async (siteId, albumId) => getAlbum(db, siteId, albumId),

    listEditorialTopics: async (siteId) => listEditorialTopics(db, siteId),
    getEditorialTopic: async (siteId, topicId) => getEditorialTopic(db, siteId, topicId),
    listExperts: async (siteId, topicId, page, size, sort) => listExperts(db, siteId, topicId, page, size, sort),

    getSearchConfig: async (siteId) => getSearchConfig(db, siteId),
    getSearchConditions: async (siteId, type) => getSearchConditions(db, siteId, type),
    search: (siteId, search) => simpleSearch(db, { siteId, now: now() }, search),
    searchClusters: (siteId, search) => simpleSearchClusters(db, { siteId, now: now() }, search),
    advancedSearch: (siteId, request) => advancedSearch(db, { siteId, now: now() }, request),
  };
}
