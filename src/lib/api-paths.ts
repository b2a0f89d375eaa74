/**
 * The rc-pub API paths, once: the server registers these patterns, RcPubSource and the browser
 * client fill them in. `:name` marks a path parameter.
 */
export const apiPaths = {
  findBySld: '/rc-pub/front/site/findBySld',
  findBySiteId: '/rc-pub/front/site/findBySiteId',
  findByDomain: '/rc-pub/front/site/findByDomain',
  findGroupBySiteId: '/rc-pub/front/site/find-group-by-site-id',
  siteShell: '/rc-pub/front/site/shell',
  basicInfo: '/rc-pub/front/site/basic-info',
  siteVisits: '/rc-pub/front/site/visits',
  searchConfig: '/rc-pub/front/site/:siteId/search-config',
  searchConditions: '/rc-pub/front/site/:siteId/search-conditions',
  searchAnalyze: '/rc-pub/front/search/analyze',

  headerConfig: '/rc-pub/front/config/header',
  footerConfig: '/rc-pub/front/config/footer',
  publicationConfig: '/rc-pub/front/config/publication',
  toolList: '/rc-pub/front/tools/list',

  channelList: '/rc-pub/front/channel/list',
  channelInfo: '/rc-pub/front/channel/channelInfo',
  channelByCode: '/rc-pub/front/channel/by-code',
  moduleList: '/rc-pub/front/module/list',

  publicationList: '/rc-pub/front/publication/list',
  publication: '/rc-pub/front/publication/:id',
  periodTree: '/rc-pub/front/front-period/getPeriodTree',
  firstTwoPeriods: '/rc-pub/front/front-period/getFirstTwoPeriods',
  periodFind: '/rc-pub/front/front-period/find',

  issueToc: '/rc-pub/front/front-article/getArticlesByPeriodicalIdGroupByColumn/:periodId',
  articleList: '/rc-pub/front/front-article/list',
  articleByDoi: '/rc-pub/front/front-article/doi',
  articleDownload: '/rc-pub/front/front-article/download',
  batchPublicizeInfo: '/rc-pub/front/front-article/batchPublicizeInfo',
  downloadCitation: '/rc-pub/front/front-article/downloadCitation',
  articleView: '/rc-pub/front/front-article/view',
  articleStatistics: '/rc-pub/front/front-article/statistics',
  article: '/rc-pub/front/front-article/:id',

  ranking: '/rc-pub/front/ranking',

  topNews: '/rc-pub/front/front-news/getTopNews',
  newsList: '/rc-pub/front/front-news/list',
  news: '/rc-pub/front/front-news/:id',

  resource: '/rc-pub/front/resource/:kind/:id',

  albumList: '/rc-pub/front/album/list',
  album: '/rc-pub/front/album/:id',

  expertTopics: '/rc-pub/front/experts/topics',
  expertTopic: '/rc-pub/front/experts/topic/:id',
  expertList: '/rc-pub/front/experts/list',

  fileGet: '/rc-pub/front/files/get',

  rss: '/rc-pub/front/rss',

  memberInfo: '/rc-pub/api/frontMembers/info',
  memberCollects: '/rc-pub/api/frontMembers/collects',
  memberCollect: '/rc-pub/api/frontMembers/collect',
  logout: '/rc-pub/api/logout',

  openapi: '/rc-pub/openapi.json',
} as const;

/** Fills the `:name` parameters of a path pattern (values are URI-encoded). */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** Envelope status codes: 0 is success; the rest mirror HTTP where rc-pub does. */
export const API_STATUS = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  serverError: 500,
  /** the site has expired or was disabled (SPEC section 8: go to /forbiddenPage) */
  siteUnavailable: 10001,
} as const;

/** The largest page any list call serves; a larger size is refused with status 400. */
export const MAX_PAGE_SIZE = 1000;

/** Request header names of SPEC section 7. */
export const API_HEADERS = { token: 'token', language: 'language', siteId: 'siteId' } as const;
