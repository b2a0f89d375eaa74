/**
 * Canonical URLs (docs/product-rules.md#canonical-pages): every page's language-prefixed path, built in one place for menu
 * links, redirects, sitemaps and the pages' canonical links.
 */
import { parseId } from '../id.ts';
import { isLang, type Lang } from '../lang.ts';

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
  resource: (lang: Lang, kind: 'picture' | 'table' | 'video' | 'audio', id: number | string) =>
    `/${lang}/${kind}/${id}/`,
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
