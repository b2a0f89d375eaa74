import type { MonthCounts } from '../lib/article-statistics.ts';
import type { RankingKind, RankingPeriod } from '../lib/ranking.ts';
import type {
  Album,
  AlbumDetail,
  ArticleAbstract,
  ArticleAttachment,
  ArticleDetail,
  ArticleFullText,
  ArticleReference,
  ArticleRelations,
  ArticleSummary,
  ChannelInfo,
  EditorialTopic,
  Expert,
  HomeModule,
  IssueToc,
  NewsDetail,
  NewsItem,
  NewsType,
  Paged,
  Period,
  PeriodYear,
  Publication,
  RankedArticle,
  ResourceDetail,
  ResourceKind,
  ResourceStatistics,
  SearchClusters,
  SearchCondition,
  SearchConfigEntry,
  SearchResult,
  Site,
  SiteShell,
} from './types.ts';

/** An expert list's order: editorial (`sort`), by name or by English name. */
export type ExpertSort = { field: 'sort' | 'name' | 'enName'; direction: 'asc' | 'desc' };

export type RankingOptions = {
  by: RankingKind;
  period: RankingPeriod;
  publicationId?: number | undefined;
  size: number;
};

import type { AdvancedRequest } from '../lib/advanced-search.ts';
import type { SimpleSearch } from '../lib/search-query.ts';

export type ArticleListKind = 'online-first' | 'just-accepted' | 'most-read' | 'latest';

/**
 * Where pages get their data. LocalSource reads the embedded store in-process; RcPubSource calls an
 * rc-pub server (ours or upstream). Both return the same DTOs; null means "not found on this site".
 * Every call is scoped by siteId: a source never returns another site's content.
 */
/** An article removed for legal reasons: the date (ISO 8601) and the publisher's reason. */
export type ArticleRemoval = { removedAt: string; reason: string };

export interface ContentSource {
  findSiteBySld(sld: string): Promise<Site | null>;
  findSiteById(siteId: number): Promise<Site | null>;
  findSiteByDomain(domain: string): Promise<Site | null>;
  getSiteShell(siteId: number): Promise<SiteShell | null>;
  getModules(siteId: number, channelId: number): Promise<HomeModule[]>;
  getChannelInfo(siteId: number, channelId: number): Promise<ChannelInfo | null>;
  /** first enabled channel with this code (or this route) on the site */
  findChannelByCode(siteId: number, code: string): Promise<ChannelInfo | null>;

  listPublications(siteId: number): Promise<Publication[]>;
  getPublication(siteId: number, publicationId: number): Promise<Publication | null>;
  /** issues grouped by year, newest year first unless periodAsc; aroundYear: a source may leave out the issues of the years a table of contents of that year does not list (issueYearWindow, src/lib/issue-browser.ts) */
  getPeriodTree(
    siteId: number,
    options?: { publicationId?: number; isBack?: boolean; periodAsc?: boolean; aroundYear?: number },
  ): Promise<PeriodYear[]>;
  getFirstTwoPeriods(siteId: number, publicationId: number): Promise<Period[]>;
  findPeriod(siteId: number, year: number, issue: number, publicationId?: number): Promise<Period | null>;
  getIssueToc(siteId: number, periodId: number, page: number, size: number): Promise<IssueToc | null>;

  listArticles(
    siteId: number,
    kind: ArticleListKind,
    page: number,
    size: number,
    publicationId?: number,
  ): Promise<Paged<ArticleSummary>>;
  /** the first `size` articles of a list as its first page lists them, without its total (a feed's items) */
  listFirstArticles(
    siteId: number,
    kind: ArticleListKind,
    size: number,
    publicationId?: number,
  ): Promise<ArticleSummary[]>;
  getArticle(siteId: number, articleId: number): Promise<ArticleDetail | null>;
  /** what feed items add to the articles' summaries: abstract, keywords and corrections, in the ids' order (null for one not visible) */
  getArticleAbstracts(siteId: number, articleIds: readonly number[]): Promise<(ArticleAbstract | null)[]>;
  getArticleByDoi(siteId: number, doi: string): Promise<ArticleDetail | null>;
  /** a draft or scheduled article too, for its signed preview link (null upstream: no previews there) */
  getArticlePreview(siteId: number, articleId: number): Promise<ArticleDetail | null>;
  /** a scheduled news item or issue too, as at its publish time, for its signed preview link (null upstream) */
  getNewsPreview(siteId: number, newsId: number): Promise<NewsDetail | null>;
  getIssueTocPreview(siteId: number, periodId: number, page: number, size: number): Promise<IssueToc | null>;
  /** when and why the article was removed for legal reasons (its page answers 410), else null */
  getArticleRemoval(siteId: number, articleId: number): Promise<ArticleRemoval | null>;
  /** the same for the article with this DOI or a former DOI of it (its DOI page answers 410) */
  getArticleRemovalByDoi(siteId: number, doi: string): Promise<ArticleRemoval | null>;
  /** the most read, downloaded or cited articles of the site (or one journal) over a period */
  rankArticles(siteId: number, options: RankingOptions): Promise<RankedArticle[]>;
  /** views and downloads per month over the last 12 months, oldest first (empty when not found) */
  getArticleStatistics(siteId: number, articleId: number): Promise<MonthCounts[]>;
  /** the HTML full text drawn from the article's JATS; null when the article is not found or has none */
  getArticleHtml(siteId: number, articleId: number): Promise<ArticleFullText | null>;
  /** the article's references in order, structured where JATS or the import gave the parts (empty when not found) */
  getArticleReferences(siteId: number, articleId: number): Promise<ArticleReference[]>;
  /** the publisher's supplementary files of the article, in order (empty when not found) */
  getArticleAttachments(siteId: number, articleId: number): Promise<ArticleAttachment[]>;
  /** the same author's, fund's and institution's articles, those related by content, and the portal's articles citing it; null when not found */
  getArticleRelations(siteId: number, articleId: number): Promise<ArticleRelations | null>;
  /** views, downloads and citations (the import's, else the portal's citing articles); null when not found */
  getResourceStatistics(siteId: number, articleId: number): Promise<ResourceStatistics | null>;

  listNews(
    siteId: number,
    options: { type?: NewsType; channelId?: number; page: number; size: number },
  ): Promise<Paged<NewsItem>>;
  getNews(siteId: number, newsId: number): Promise<NewsDetail | null>;
  getTopNews(siteId: number): Promise<NewsItem[]>;

  /** a picture, table, video or audio of the site on a page of its own */
  getResource(siteId: number, kind: ResourceKind, id: number): Promise<ResourceDetail | null>;
  listAlbums(siteId: number, channelId?: number): Promise<Album[]>;
  getAlbum(siteId: number, albumId: number): Promise<AlbumDetail | null>;

  listEditorialTopics(siteId: number): Promise<EditorialTopic[]>;
  getEditorialTopic(siteId: number, topicId: number): Promise<EditorialTopic | null>;
  /** `sort`: a column and direction, else editorial order */
  listExperts(siteId: number, topicId: number, page: number, size: number, sort?: ExpertSort): Promise<Paged<Expert>>;

  getSearchConfig(siteId: number): Promise<SearchConfigEntry[]>;
  getSearchConditions(siteId: number, type: 'article' | 'publication'): Promise<SearchCondition[]>;
  /** a checked search of the site's items (a group site: its member journals' too); never drafts */
  search(siteId: number, search: SimpleSearch): Promise<SearchResult>;
  searchClusters(siteId: number, search: SimpleSearch): Promise<SearchClusters>;
  advancedSearch(siteId: number, request: AdvancedRequest): Promise<SearchResult>;
}
