/**
 * Legacy URLs (docs/product-rules.md#legacy-urls): the family without a language prefix, and one row per legacy shape
 * naming the canonical page it answers 301 to, with its own special case in the row.
 */

import { parseId } from '../id.ts';
import { isLang, type Lang } from '../lang.ts';
import { canonical } from './canonical.ts';
import { legacyId } from './legacy-id.ts';
import type { RouteParams } from './pattern.ts';

/** Builds legacy paths (the family without a language prefix, carrying the site id). */
export const legacy = {
  home: (sld: string, lang: Lang) => `/homeNav/${sld}/${lang}/`,
  article: (siteId: number, id: number | string, lang: Lang) => `/article/id/${siteId}/${id}/${lang}/`,
  backIssue: (siteId: number, channelId: number | string, periodId: number | string, lang: Lang) =>
    `/newAcademic/${siteId}/${channelId}/backissue/${periodId}/0/${lang}/`,
  academic: (siteId: number, channelId: number | string, code: string, lang: Lang) =>
    `/newAcademic/${siteId}/${channelId}/${code}/0/0/${lang}/`,
  collectionList: (siteId: number, id: number | string, lang: Lang) => `/newAlbumList/${siteId}/${id}/${lang}/`,
  collection: (siteId: number, virtualId: number | string, lang: Lang) =>
    `/newAlbumDetail/${siteId}/${virtualId}/${lang}/`,
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
  /**
   * this row's own case, after the pattern matched: may move segments between params, and answers
   * false when the path is not this row's after all (the next row is tried)
   */
  claim?(params: RouteParams): boolean;
  /** returns the canonical path, or null when the legacy URL points at nothing */
  toCanonical(params: RouteParams, lang: Lang, lookup: LegacyLookup): Promise<string | null> | string | null;
};

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
    // '/en/home/' is the canonical home page, not a site named 'en'
    claim: (p) => !isLang(p['site']),
    toCanonical: (p, lang, lookup) => (isVisitedSite(p['site'], lookup) ? canonical.home(lang) : null),
  },
  {
    name: 'articleDoi',
    pattern: '/article/doi/:siteId/*doi',
    claim: (p) => {
      // '/article/doi/{siteId}/{doi…}/{lang}': a trailing zh/en segment is the language, not DOI.
      const parts = (p['doi'] ?? '').split('/');
      const last = parts.at(-1);
      if (parts.length > 1 && isLang(last)) {
        p['lang'] = last;
        p['doi'] = parts.slice(0, -1).join('/');
      }
      return true;
    },
    toCanonical: (p, lang) => (p['doi'] ? canonical.articleDoi(lang, p['doi']) : null),
  },
  {
    name: 'articleId',
    pattern: '/article/id/:siteId/:thesisId/:style?/:lang?',
    toCanonical: (p, lang) => articleOf(p, lang),
  },
  { name: 'thesis', pattern: '/thesis/:siteId/:thesisId/:style?/:lang?', toCanonical: (p, lang) => articleOf(p, lang) },
  {
    name: 'langArticleSite',
    pattern: '/:lang/article/:siteId/:thesisId',
    toCanonical: (p, lang) => articleOf(p, lang),
  },
  { name: 'langThesis', pattern: '/:lang/thesis/:siteId/:thesisId', toCanonical: (p, lang) => articleOf(p, lang) },
  {
    name: 'albumDetail',
    pattern: '/newAlbumDetail/:siteId/:virtualId/:lang?',
    toCanonical: (p, lang) =>
      parseId(p['virtualId']) === null ? null : canonical.collection(lang, p['virtualId'] ?? ''),
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
    toCanonical: (p, lang) =>
      parseId(p['id']) === null ? null : canonical.newsInfo(lang, p['id'] ?? '', legacyId(p['activeId']) ?? 0),
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
      const periodId = legacyId(p['activeName']);
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
