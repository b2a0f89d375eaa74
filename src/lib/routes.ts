/**
 * The one route table (docs/product-rules.md#routes). Each row names a page kind, how its canonical
 * language-prefixed URL is built, and the legacy URL shapes that answer 301 to it. Menu links
 * (menu-targets.ts), the server's legacy redirects and the pages' canonical links all use it.
 */
import { parseId, parseWholeNumber } from './id.ts';
import { isLang, type Lang } from './lang.ts';

export type RouteParams = Record<string, string | undefined>;

/** A menu item's code or own route, the segment of /{lang}/{code}/: letters, digits, '-' and '_'. */
export const CHANNEL_CODE = /^[A-Za-z0-9_-]{1,60}$/;

/** Builds canonical paths; every path ends with '/' so prebuilt directory indexes match. */
export const canonical = {
  home: (lang: Lang) => `/${lang}/home/`,
  article: (lang: Lang, id: number | string) => `/${lang}/article/${id}/`,
  articleDoi: (lang: Lang, doi: string) => `/${lang}/article/doi/${doi.split('/').map(encodeURIComponent).join('/')}/`,
  issue: (lang: Lang, year: number | string, issue: number | string) => `/${lang}/issue/${year}/${issue}/`,
  issueYear: (lang: Lang, year: number | string) => `/${lang}/issue/${year}/`,
  currentIssue: (lang: Lang) => `/${lang}/issue/`,
  onlineFirst: (lang: Lang) => `/${lang}/onlineFirst/`,
  justAccepted: (lang: Lang) => `/${lang}/justAccepted/`,
  ranking: (lang: Lang) => `/${lang}/ranking/`,
  collectionList: (lang: Lang, id: number | string) => `/${lang}/collectionList/${id}/`,
  collection: (lang: Lang, virtualId: number | string) => `/${lang}/collections/${virtualId}/`,
  info: (lang: Lang, id: number | string) => `/${lang}/info/${id}/`,
  about: (lang: Lang, id: number | string) => `/${lang}/about/${id}/`,
  news: (lang: Lang) => `/${lang}/news/`,
  newsDetails: (lang: Lang, id: number | string) => `/${lang}/newsDetails/${id}/`,
  newsInfo: (lang: Lang, id: number | string, activeId: number | string = 0) => `/${lang}/newsInfo/${id}/${activeId}/`,
  editorialBoard: (lang: Lang, id: number | string, expertId?: number | string) =>
    expertId === undefined ? `/${lang}/editorial-board/${id}/` : `/${lang}/editorial-board/${id}/${expertId}/`,
  rssList: (lang: Lang) => `/${lang}/rssList/`,
  emailSubscribe: (lang: Lang) => `/${lang}/emailSubscribe/`,
  /** a picture, table, video or audio on its own page */
  resource: (lang: Lang, kind: 'picture' | 'table' | 'video' | 'audio', id: number | string) => `/${lang}/${kind}/${id}/`,
  channel: (lang: Lang, code: string) => `/${lang}/${encodeURIComponent(code)}/`,
} as const;

/**
 * An article's PDF beside its abstract page, as Google Scholar asks (the API's download answers
 * it too). Any '{name}.pdf' in the article's folder is the PDF; this name is the one linked.
 */
export function articlePdfPath(lang: Lang, id: number | string): string {
  return `${canonical.article(lang, id)}article-${id}.pdf`;
}

const ARTICLE_PDF = /^\/(zh|en)\/article\/(\d+)\/[^/]+\.pdf$/;

/** The article a PDF path names ('/en/article/12/article-12.pdf'), else null. */
export function matchArticlePdf(path: string): { lang: Lang; id: number } | null {
  const match = ARTICLE_PDF.exec(path);
  const id = parseId(match?.[2]);
  if (!match?.[1] || id === null || !isLang(match[1])) return null;
  return { lang: match[1], id };
}

/**
 * The page of a resource by its type (search hits, favourites, album items): articles, journals
 * (their about page), news, and pictures, tables, videos and audios; null for kinds without a page
 * of their own ("other" resources, experts).
 */
export function resourcePath(lang: Lang, type: string, id: number): string | null {
  switch (type) {
    case 'article':
      return canonical.article(lang, id);
    case 'picture':
    case 'table':
    case 'video':
    case 'audio':
      return canonical.resource(lang, type, id);
    case 'news':
      return canonical.newsDetails(lang, id);
    case 'publication':
      return canonical.about(lang, id);
    default:
      return null;
  }
}

/** Builds legacy paths (the family without a language prefix, carrying the site id). */
export const legacy = {
  home: (sld: string, lang: Lang) => `/homeNav/${sld}/${lang}/`,
  article: (siteId: number, id: number | string, lang: Lang) => `/article/id/${siteId}/${id}/${lang}/`,
  backIssue: (siteId: number, channelId: number | string, periodId: number | string, lang: Lang) =>
    `/newAcademic/${siteId}/${channelId}/backissue/${periodId}/0/${lang}/`,
  academic: (siteId: number, channelId: number | string, code: string, lang: Lang) =>
    `/newAcademic/${siteId}/${channelId}/${code}/0/0/${lang}/`,
  collectionList: (siteId: number, id: number | string, lang: Lang) => `/newAlbumList/${siteId}/${id}/${lang}/`,
  collection: (siteId: number, virtualId: number | string, lang: Lang) => `/newAlbumDetail/${siteId}/${virtualId}/${lang}/`,
  info: (siteId: number, id: number | string, lang: Lang) => `/newItemPage/${siteId}/${id}/${lang}/`,
  about: (siteId: number, id: number | string, lang: Lang) => `/newPeriodIntroduce/${siteId}/${id}/${lang}/`,
  newsDetails: (siteId: number, id: number | string, lang: Lang) => `/newsDetails/${siteId}/${id}/${lang}/`,
  newsInfo: (siteId: number, id: number | string, lang: Lang) => `/newsInfo/${siteId}/${id}/channel/0/0/${lang}/`,
  editorialBoard: (siteId: number, id: number | string, expertId: number | string, lang: Lang) =>
    `/newEditorial/${siteId}/${id}/${expertId}/${lang}/`,
} as const;

/** What a legacy URL needs looked up before it can be redirected (a period id → year/issue). */
export type LegacyLookup = {
  periodById(siteId: number, periodId: number): Promise<{ year: number; issue: number } | null>;
  /** the visited site: a '{site}' segment naming another site (or '/fr/home/') is not a legacy URL */
  site?: { id: number; sld: string };
};

function isVisitedSite(segment: string | undefined, lookup: LegacyLookup): boolean {
  if (segment === undefined || !lookup.site) return true;
  return segment === lookup.site.sld || segment === String(lookup.site.id);
}

export type LegacyRoute = {
  name: string;
  /** path pattern; ':name' is one segment, ':name?' an optional one, '*rest' the remaining segments */
  pattern: string;
  /** returns the canonical path, or null when the legacy URL points at nothing */
  toCanonical(params: RouteParams, lang: Lang, lookup: LegacyLookup): Promise<string | null> | string | null;
};

/** A legacy URL's numeric segment; ids among them read with parseId (src/lib/id.ts). */
const num = parseWholeNumber;

/** Legacy families (docs/product-rules.md#legacy-urls), each redirected to its canonical URL with 301. */
export const legacyRoutes: LegacyRoute[] = [
  {
    name: 'homeNav',
    pattern: '/homeNav/:site?/:lang?',
    toCanonical: (p, lang, lookup) => (isVisitedSite(p['site'], lookup) ? canonical.home(lang) : null),
  },
  {
    name: 'siteHome',
    pattern: '/:site/home/:lang?',
    toCanonical: (p, lang, lookup) => (isVisitedSite(p['site'], lookup) ? canonical.home(lang) : null),
  },
  {
    name: 'articleDoi',
    pattern: '/article/doi/:siteId/*doi',
    toCanonical: (p, lang) => (p['doi'] ? canonical.articleDoi(lang, p['doi']) : null),
  },
  { name: 'articleId', pattern: '/article/id/:siteId/:thesisId/:style?/:lang?', toCanonical: (p, lang) => articleOf(p, lang) },
  { name: 'thesis', pattern: '/thesis/:siteId/:thesisId/:style?/:lang?', toCanonical: (p, lang) => articleOf(p, lang) },
  { name: 'langArticleSite', pattern: '/:lang/article/:siteId/:thesisId', toCanonical: (p, lang) => articleOf(p, lang) },
  { name: 'langThesis', pattern: '/:lang/thesis/:siteId/:thesisId', toCanonical: (p, lang) => articleOf(p, lang) },
  {
    name: 'albumDetail',
    pattern: '/newAlbumDetail/:siteId/:virtualId/:lang?',
    toCanonical: (p, lang) => (parseId(p['virtualId']) === null ? null : canonical.collection(lang, p['virtualId'] ?? '')),
  },
  {
    name: 'albumList',
    pattern: '/newAlbumList/:siteId/:id/:lang?',
    toCanonical: (p, lang) => (parseId(p['id']) === null ? null : canonical.collectionList(lang, p['id'] ?? '')),
  },
  {
    name: 'item',
    pattern: '/newItemPage/:siteId/:id/:lang?',
    toCanonical: (p, lang) => (parseId(p['id']) === null ? null : canonical.info(lang, p['id'] ?? '')),
  },
  {
    name: 'periodIntroduce',
    pattern: '/newPeriodIntroduce/:siteId/:id/:lang?',
    toCanonical: (p, lang) => (parseId(p['id']) === null ? null : canonical.about(lang, p['id'] ?? '')),
  },
  {
    name: 'newsDetails',
    pattern: '/newsDetails/:siteId/:id/:lang?',
    toCanonical: (p, lang) => (parseId(p['id']) === null ? null : canonical.newsDetails(lang, p['id'] ?? '')),
  },
  {
    name: 'newsInfo',
    pattern: '/newsInfo/:siteId/:id/:type?/:page?/:activeId?/:lang?',
    toCanonical: (p, lang) => (parseId(p['id']) === null ? null : canonical.newsInfo(lang, p['id'] ?? '', num(p['activeId']) ?? 0)),
  },
  {
    name: 'editorial',
    pattern: '/newEditorial/:siteId/:id/:editorialId?/:lang?',
    toCanonical: (p, lang) => {
      if (parseId(p['id']) === null) return null;
      const expert = parseId(p['editorialId']);
      return canonical.editorialBoard(lang, p['id'] ?? '', expert === null ? undefined : expert);
    },
  },
  {
    name: 'academic',
    pattern: '/newAcademic/:siteId/:id?/:type?/:activeName?/:page?/:lang?',
    toCanonical: async (p, lang, lookup) => {
      const type = p['type'];
      if (type === 'singleFirst') return canonical.onlineFirst(lang);
      if (type === 'latestOffer') return canonical.justAccepted(lang);
      const siteId = parseId(p['siteId']);
      const periodId = num(p['activeName']);
      if (type === 'backissue' && siteId !== null && periodId !== null && periodId > 0) {
        const period = await lookup.periodById(siteId, periodId);
        return period ? canonical.issue(lang, period.year, period.issue) : null;
      }
      return canonical.currentIssue(lang);
    },
  },
];

function articleOf(p: RouteParams, lang: Lang): string | null {
  const id = parseId(p['thesisId']);
  return id === null ? null : canonical.article(lang, id);
}

/** Matches a path against a pattern; returns the named segments or null. */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: RouteParams = {};
  let i = 0;
  for (const part of want) {
    if (part.startsWith('*')) {
      if (i >= have.length) return null;
      params[part.slice(1)] = have.slice(i).map(safeDecode).join('/');
      i = have.length;
      continue;
    }
    const optional = part.endsWith('?');
    if (part.startsWith(':')) {
      const name = part.slice(1, optional ? -1 : undefined);
      if (i < have.length) params[name] = safeDecode(have[i++] ?? '');
      else if (!optional) return null;
      continue;
    }
    if (have[i] !== part) return null;
    i++;
  }
  return i === have.length ? params : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Legacy ids are numbers; '/zh/article/doi/…' must not be read as '/zh/article/{siteId}/{id}', nor
 * '/newEditorial/1/6/fr' as editor 'fr'.
 */
const NUMERIC_PARAMS = ['siteId', 'thesisId', 'id', 'virtualId', 'editorialId', 'page', 'activeId'];

/**
 * Optional segments fill from the left, so in a short URL the language can land in an optional
 * segment before ':lang?' ('/newEditorial/1/6/en', '/homeNav/en'): a last segment that is zh or en
 * and filled an optional segment is the language.
 */
function takeTrailingLanguage(pattern: string, params: RouteParams): void {
  if (params['lang'] !== undefined || !pattern.endsWith('/:lang?')) return;
  const last = Object.keys(params).at(-1);
  if (last === undefined || !pattern.includes(`/:${last}?/`) || !isLang(params[last])) return;
  params['lang'] = params[last];
  delete params[last];
}

export type LegacyMatch = { route: LegacyRoute; params: RouteParams };

/** Finds the legacy row a path belongs to; canonical paths (/zh/home/ …) match nothing. */
export function matchLegacy(path: string): LegacyMatch | null {
  for (const route of legacyRoutes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.name === 'siteHome' && isLang(params['site'])) continue;
    if (route.name === 'articleDoi' && params['doi']) {
      // '/article/doi/{siteId}/{doi…}/{lang}': a trailing zh/en segment is the language, not DOI.
      const parts = params['doi'].split('/');
      const last = parts.at(-1);
      if (parts.length > 1 && isLang(last)) {
        params['lang'] = last;
        params['doi'] = parts.slice(0, -1).join('/');
      }
    }
    takeTrailingLanguage(route.pattern, params);
    // a style is always followed by a language
    if (params['style'] !== undefined && params['lang'] === undefined) return null;
    if (params['lang'] !== undefined && !isLang(params['lang'])) return null;
    if (NUMERIC_PARAMS.some((name) => params[name] !== undefined && num(params[name]) === null)) continue;
    return { route, params };
  }
  return null;
}

export type QueryValues = Record<string, string | number | null | undefined>;

/** Appends a query string; null, undefined and '' values are left out. */
export function withQuery(path: string, query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The non-prefixed other pages (docs/product-rules.md#other-pages) that carry content: each answers 302 to the
 * canonical page for its query (src/components/content/other-page-target.ts), or the 404 page.
 * One route (src/pages/[page].astro) serves them all.
 */
export const QUERY_PAGES = ['mag', 'aboutus', 'news', 'newLink1', 'newLeaguage', 'newArticle', 'academic', 'new', 'science', 'thesisDetails'] as const;

export type QueryPage = (typeof QUERY_PAGES)[number];

export function isQueryPage(value: string | undefined): value is QueryPage {
  return (QUERY_PAGES as readonly (string | undefined)[]).includes(value);
}

/** Pages outside both families (docs/product-rules.md#other-pages and #result-pages): fixed paths, state in the query. */
/** the login page: its form also posts here when JavaScript is off */
export const LOGIN_PATH = '/login';

export const otherPages = {
  /** `problem`: why the form posted without JavaScript was refused */
  login: (lang: Lang, query: { problem?: string } = {}) => withQuery(LOGIN_PATH, { lang, ...query }),
  register: (lang: Lang) => withQuery('/register', { lang }),
  quickLogin: (lang: Lang) => withQuery('/quickLogin', { lang }),
  forgetCode: (lang: Lang) => withQuery('/forgetCode', { lang }),
  /** `provider`: a third-party login waits to be bound; `error`: it failed */
  accountBinding: (lang: Lang, query: { provider?: string; error?: 'failed' } = {}) => withQuery('/accountBinding', { lang, ...query }),
  /** without `lang` the header's link, which the server completes with the visitor's language */
  personal: (lang?: Lang) => withQuery('/personal', { lang }),
  seniorSearch: (lang: Lang) => withQuery('/seniorSearch', { lang }),
  errorPage: (lang: Lang) => withQuery('/errorPage', { lang }),
  forbiddenPage: (lang: Lang) => withQuery('/forbiddenPage', { lang }),
  /** a legacy query page such as /news, /aboutus, /newLink1, /newArticle or /{code} */
  page: (name: string, query: QueryValues = {}) => withQuery(`/${name}`, query),
} as const;
