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
  siteVisit: '/rc-pub/front/site/visit',
  searchConfig: '/rc-pub/front/site/:siteId/search-config',
  searchConditions: '/rc-pub/front/site/:siteId/search-conditions',
  searchAnalyze: '/rc-pub/front/search/analyze',
  search: '/rc-pub/front/search',
  searchClusters: '/rc-pub/front/search/clusters',
  advancedSearch: '/rc-pub/front/search/advSearch',

  headerConfig: '/rc-pub/front/config/header',
  footerConfig: '/rc-pub/front/config/footer',
  publicationConfig: '/rc-pub/front/config/publication',
  configByName: '/rc-pub/front/config/byName',
  bookJump: '/rc-pub/front/book/jump',
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
  articleHtml: '/rc-pub/front/front-article/html',
  articleReferences: '/rc-pub/front/front-article/references',
  articleAttachments: '/rc-pub/front/front-article/attachments',
  articleRelations: '/rc-pub/front/front-article/relations',
  resourceStatistics: '/rc-pub/front/front-article/resource-statistics',
  article: '/rc-pub/front/front-article/:id',

  ranking: '/rc-pub/front/ranking',

  topNews: '/rc-pub/front/front-news/getTopNews',
  jumpUrl: '/rc-pub/front/front-news/getJumpUrlForNuxt',
  jumpUrlNews: '/rc-pub/front/front-news/getJumpUrlForNuxtNews',
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
  atom: '/rc-pub/front/atom',
  subscriptionCode: '/rc-pub/front/subscription/sendCode',
  subscribe: '/rc-pub/front/subscription/subscribe',
  subscriptionConfirm: '/rc-pub/front/subscription/confirm',
  unsubscribe: '/rc-pub/front/subscription/unsubscribe',

  captcha: '/rc-pub/api/captcha',
  login: '/rc-pub/api/login',
  isRegistered: '/rc-pub/api/isRegistered',
  sendReceiverMessage: '/rc-pub/api/sendReceiverMessage',
  loginByMessage: '/rc-pub/api/loginByMessage',
  register: '/rc-pub/api/register',
  setNewPwd: '/rc-pub/api/setNewPwd',
  logout: '/rc-pub/api/logout',
  changePwd: '/rc-pub/api/changePwd',
  changeMobile: '/rc-pub/api/changeMobile',
  thirdLoginProviders: '/rc-pub/api/thirdLoginProviders',
  thirdLoginUrl: '/rc-pub/api/loginByThirdLoginUrl',
  thirdLoginCallback: '/rc-pub/api/thirdLoginCallback',
  thirdBind: '/rc-pub/api/thirdBind',

  memberInfo: '/rc-pub/front/frontMembers/info',
  memberSaveInfo: '/rc-pub/front/frontMembers/saveInfo',
  memberCollects: '/rc-pub/front/frontMembers/collects',
  memberCollect: '/rc-pub/front/frontMembers/collect',
  memberIsCollect: '/rc-pub/front/frontMembers/isCollect',
  memberUnCollect: '/rc-pub/front/frontMembers/unCollectByIdAndType',
  memberDownloads: '/rc-pub/front/frontMembers/downloads',
  memberHistorys: '/rc-pub/front/frontMembers/historys',
  memberAddHistory: '/rc-pub/front/frontMembers/addHistory',
  memberSubscribe: '/rc-pub/front/frontMembers/subscribe',
  memberUnSubscribe: '/rc-pub/front/frontMembers/unSubscribe',
  memberIsSubscribe: '/rc-pub/front/frontMembers/isSubscribe',
  memberSubscribeList: '/rc-pub/front/frontMembers/subscribeList',

  personalAlbumList: '/rc-pub/front/personalAlbum/list',
  personalAlbumSave: '/rc-pub/front/personalAlbum/save',
  personalAlbumEdit: '/rc-pub/front/personalAlbum/edit',
  personalAlbumDelete: '/rc-pub/front/personalAlbum/delete',
  personalAlbumItems: '/rc-pub/front/personalAlbum/resources',
  personalAlbumAdd: '/rc-pub/front/personalAlbum/addResource',
  personalAlbumRemove: '/rc-pub/front/personalAlbum/removeResource',

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
  /** removed for legal reasons (the article page and its PDF answer HTTP 410) */
  gone: 410,
  /** too many verification codes asked for one address or from one client */
  tooManyRequests: 429,
  /** the request body is larger than the API reads (HTTP 413, before the body is read) */
  payloadTooLarge: 413,
  serverError: 500,
  /** the site has expired or was disabled (docs/product-rules.md#api-errors: go to /forbiddenPage) */
  siteUnavailable: 10001,
} as const;

/** Request header names (docs/product-rules.md#api-calls). */
export const API_HEADERS = { token: 'token', language: 'language', siteId: 'siteId' } as const;
