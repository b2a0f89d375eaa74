/**
 * The ContentSource that calls an rc-pub server (upstream, or our own /rc-pub/ API). Every
 * response is checked against the envelope and DTO schemas before a page sees it. Status 404
 * means "not found on this site" (null, or an empty list); other non-zero statuses throw. For the
 * site lookups and the shell, 10001 (expired or disabled site) still returns the site, as
 * LocalSource does, so the portal can show the notice page.
 *
 * Inputs LocalSource answers with null (a non-positive id, a malformed sld or DOI) are answered
 * the same way here without a request, and sizes are clamped to the API's bound, so both sources
 * behave alike.
 */
import { type $Fetch, createFetch } from 'ofetch';
import { z } from 'zod';
import { advancedSearchParams } from '../lib/advanced-search.ts';
import { API_HEADERS, API_STATUS, apiPaths, fillPath } from '../lib/api-paths.ts';
import { API_MAX_PAGE_SIZE, RANKING_MAX_SIZE, RANKING_SIZE, REQUEST_TIMEOUT_MS } from '../lib/constants.ts';
import { isId } from '../lib/id.ts';
import { inBatches } from '../lib/in-batches.ts';
import { CHANNEL_CODE } from '../lib/routes.ts';
import { simpleSearchParams } from '../lib/search-query.ts';
import type { ArticleListKind, ContentSource } from './source.ts';
import {
  albumDetailSchema,
  albumSchema,
  articleAttachmentSchema,
  articleDetailSchema,
  articleFullTextSchema,
  articleReferenceSchema,
  articleRelationsSchema,
  articleSummarySchema,
  channelInfoSchema,
  editorialTopicSchema,
  envelopeSchema,
  expertSchema,
  issueTocSchema,
  moduleSchema,
  monthCountsSchema,
  newsDetailSchema,
  newsItemSchema,
  pagedSchema,
  periodSchema,
  periodYearSchema,
  publicationSchema,
  rankedArticleSchema,
  resourceDetailSchema,
  resourceStatisticsSchema,
  searchClustersSchema,
  searchConditionSchema,
  searchConfigEntrySchema,
  searchResultSchema,
  siteSchema,
  siteShellSchema,
} from './types.ts';

export type RcPubSourceOptions = {
  /** the fetch to use (tests, proxies); the global fetch by default */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
};

/** A non-zero status (other than 404) or a response that does not match the contract. */
export class RcPubError extends Error {
  readonly path: string;
  readonly status: number | null;

  constructor(path: string, status: number | null, message: string) {
    super(`rc-pub ${path}: ${status === null ? '' : `status ${status}, `}${message}`);
    this.name = 'RcPubError';
    this.path = path;
    this.status = status;
  }
}

type Query = Record<string, string | number | boolean | undefined>;
type Options = { closedOk?: boolean };

const anyEnvelope = envelopeSchema(z.unknown());
/** how many article details a list asks upstream for at once */
const UPSTREAM_CONCURRENCY = 8;
const SLD = /^[a-z0-9-]{1,63}$/i;
const DOMAIN = /^[a-z0-9.-]{1,253}$/i;
const DOI = /^10\.\S{1,297}$/;

function pageOf(page: number): number {
  return Number.isSafeInteger(page) && page > 0 ? page : 0;
}

function sizeOf(size: number, fallback: number): number {
  return Number.isSafeInteger(size) && size > 0 ? Math.min(size, API_MAX_PAGE_SIZE) : fallback;
}

/** Query parameters as one value each: repeated filter values travel ';'-separated, as the API reads them. */
function queryOf(params: URLSearchParams): Query {
  const query: Record<string, string> = {};
  for (const [key, value] of params) query[key] = key in query ? `${query[key]};${value}` : value;
  return query;
}

export function createRcPubSource(origin: string, options: RcPubSourceOptions = {}): ContentSource {
  const base = origin.replace(/\/+$/, '');
  const $fetch: $Fetch = createFetch({
    fetch: options.fetch ?? globalThis.fetch,
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
  });
  const timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function call<T extends z.ZodType>(
    path: string,
    query: Query,
    data: T,
    opts: Options = {},
  ): Promise<z.output<T> | null> {
    const clean: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) if (value !== undefined) clean[key] = String(value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (clean['siteId']) headers[API_HEADERS.siteId] = clean['siteId'];
    let response: Awaited<ReturnType<typeof $fetch.raw>>;
    try {
      response = await $fetch.raw(base + path, {
        query: clean,
        headers,
        timeout,
        retry: 0,
        ignoreResponseError: true,
        responseType: 'json',
      });
    } catch (error) {
      throw new RcPubError(path, null, `request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const envelope = anyEnvelope.safeParse(response._data);
    if (!envelope.success) throw new RcPubError(path, null, `HTTP ${response.status}, not an rc-pub envelope`);
    const { status, message } = envelope.data;
    if (response.status !== 200 && status === API_STATUS.notFound)
      throw new RcPubError(path, status, `HTTP ${response.status}: ${message}`);
    if (status === API_STATUS.notFound) return null;
    if (status !== API_STATUS.ok && !(status === API_STATUS.siteUnavailable && opts.closedOk))
      throw new RcPubError(path, status, message);
    const parsed = data.safeParse(envelope.data.data);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
        .join('; ');
      throw new RcPubError(path, status, `unexpected data (${where})`);
    }
    return parsed.data;
  }

  const list = async <T extends z.ZodType>(path: string, query: Query, item: T): Promise<z.output<T>[]> =>
    (await call(path, query, z.array(item))) ?? [];

  const emptyPage = (page: number, size: number) => ({ content: [], total: 0, page, size });

  const listArticles: ContentSource['listArticles'] = async (
    siteId,
    kind: ArticleListKind,
    page,
    size,
    publicationId,
  ) => {
    const query = { siteId, kind, page: pageOf(page), size: sizeOf(size, 10), publicationId };
    if (!isId(siteId) || (publicationId !== undefined && !isId(publicationId)))
      return emptyPage(query.page, query.size);
    return (
      (await call(apiPaths.articleList, query, pagedSchema(articleSummarySchema))) ?? emptyPage(query.page, query.size)
    );
  };

  return {
    findSiteBySld: async (sld) =>
      SLD.test(sld.trim()) ? call(apiPaths.findBySld, { sld: sld.trim() }, siteSchema, { closedOk: true }) : null,
    findSiteById: async (siteId) =>
      isId(siteId) ? call(apiPaths.findBySiteId, { siteId }, siteSchema, { closedOk: true }) : null,
    findSiteByDomain: async (domain) =>
      DOMAIN.test(domain.trim())
        ? call(apiPaths.findByDomain, { domain: domain.trim() }, siteSchema, { closedOk: true })
        : null,
    getSiteShell: async (siteId) =>
      isId(siteId) ? call(apiPaths.siteShell, { siteId }, siteShellSchema, { closedOk: true }) : null,
    getModules: async (siteId, channelId) =>
      isId(siteId) && isId(channelId) ? list(apiPaths.moduleList, { siteId, channelId }, moduleSchema) : [],
    getChannelInfo: async (siteId, channelId) =>
      isId(siteId) && isId(channelId) ? call(apiPaths.channelInfo, { siteId, channelId }, channelInfoSchema) : null,
    findChannelByCode: async (siteId, code) =>
      isId(siteId) && CHANNEL_CODE.test(code.trim())
        ? call(apiPaths.channelByCode, { siteId, code: code.trim() }, channelInfoSchema)
        : null,

    listPublications: async (siteId) =>
      isId(siteId) ? list(apiPaths.publicationList, { siteId }, publicationSchema) : [],
    getPublication: async (siteId, publicationId) =>
      isId(siteId) && isId(publicationId)
        ? call(fillPath(apiPaths.publication, { id: publicationId }), { siteId }, publicationSchema)
        : null,
    getPeriodTree: async (siteId, tree = {}) => {
      if (!isId(siteId) || (tree.publicationId !== undefined && !isId(tree.publicationId))) return [];
      return list(
        apiPaths.periodTree,
        {
          siteId,
          publicationId: tree.publicationId,
          isBack: tree.isBack,
          periodAsc: tree.periodAsc,
          groupByYear: true,
        },
        periodYearSchema,
      );
    },
    getFirstTwoPeriods: async (siteId, publicationId) =>
      isId(siteId) && isId(publicationId)
        ? list(apiPaths.firstTwoPeriods, { siteId, publicationIndexId: publicationId }, periodSchema)
        : [],
    findPeriod: async (siteId, year, issue, publicationId) => {
      if (!isId(siteId) || !isId(issue) || !Number.isSafeInteger(year) || year < 1900 || year > 2999) return null;
      if (publicationId !== undefined && !isId(publicationId)) return null;
      return call(apiPaths.periodFind, { siteId, year, issue, publicationId }, periodSchema);
    },
    getIssueToc: async (siteId, periodId, page, size) =>
      isId(siteId) && isId(periodId)
        ? call(
            fillPath(apiPaths.issueToc, { periodId }),
            { siteId, page: pageOf(page), size: sizeOf(size, 10) },
            issueTocSchema,
          )
        : null,

    listArticles,
    listFirstArticles: async (siteId, kind, size, publicationId) =>
      (await listArticles(siteId, kind, 0, size, publicationId)).content,
    getArticle: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? call(fillPath(apiPaths.article, { id: articleId }), { siteId }, articleDetailSchema)
        : null,
    getArticleAbstracts: (siteId, articleIds) =>
      // one detail call per article upstream, a few at a time
      inBatches(articleIds, UPSTREAM_CONCURRENCY, async (articleId) => {
        const detail =
          isId(siteId) && isId(articleId)
            ? await call(fillPath(apiPaths.article, { id: articleId }), { siteId }, articleDetailSchema)
            : null;
        return detail
          ? {
              abstract: detail.abstract,
              enAbstract: detail.enAbstract,
              keywords: detail.keywords,
              enKeywords: detail.enKeywords,
              corrections: detail.corrections,
            }
          : null;
      }),
    rankArticles: async (siteId, ranking) => {
      if (!isId(siteId) || (ranking.publicationId !== undefined && !isId(ranking.publicationId))) return [];
      const query = {
        siteId,
        type: ranking.by,
        period: ranking.period,
        publicationId: ranking.publicationId,
        size: Math.min(sizeOf(ranking.size, RANKING_SIZE), RANKING_MAX_SIZE),
      };
      return list(apiPaths.ranking, query, rankedArticleSchema);
    },
    getArticleStatistics: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? list(apiPaths.articleStatistics, { siteId, id: articleId }, monthCountsSchema)
        : [],
    getArticleHtml: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? call(apiPaths.articleHtml, { siteId, id: articleId }, articleFullTextSchema.nullable())
        : null,
    getArticleReferences: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? list(apiPaths.articleReferences, { siteId, id: articleId }, articleReferenceSchema)
        : [],
    getArticleAttachments: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? list(apiPaths.articleAttachments, { siteId, id: articleId }, articleAttachmentSchema)
        : [],
    getArticleRelations: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? call(apiPaths.articleRelations, { siteId, id: articleId }, articleRelationsSchema)
        : null,
    getResourceStatistics: async (siteId, articleId) =>
      isId(siteId) && isId(articleId)
        ? call(apiPaths.resourceStatistics, { siteId, id: articleId }, resourceStatisticsSchema)
        : null,
    // the rc-pub API has neither previews nor removals: an upstream article is there or not
    getArticlePreview: async () => null,
    getNewsPreview: async () => null,
    getIssueTocPreview: async () => null,
    getArticleRemoval: async () => null,
    getArticleRemovalByDoi: async () => null,
    getArticleByDoi: async (siteId, doi) =>
      isId(siteId) && DOI.test(doi.trim())
        ? call(apiPaths.articleByDoi, { siteId, doi: doi.trim() }, articleDetailSchema)
        : null,

    listNews: async (siteId, filter) => {
      const query = {
        siteId,
        type: filter.type,
        channelId: filter.channelId,
        page: pageOf(filter.page),
        size: sizeOf(filter.size, 10),
      };
      if (!isId(siteId) || (filter.channelId !== undefined && !isId(filter.channelId)))
        return emptyPage(query.page, query.size);
      return (await call(apiPaths.newsList, query, pagedSchema(newsItemSchema))) ?? emptyPage(query.page, query.size);
    },
    getNews: async (siteId, newsId) =>
      isId(siteId) && isId(newsId) ? call(fillPath(apiPaths.news, { id: newsId }), { siteId }, newsDetailSchema) : null,
    getTopNews: async (siteId) => (isId(siteId) ? list(apiPaths.topNews, { siteId }, newsItemSchema) : []),

    getResource: async (siteId, kind, id) =>
      isId(siteId) && isId(id)
        ? call(fillPath(apiPaths.resource, { kind, id }), { siteId }, resourceDetailSchema)
        : null,
    listAlbums: async (siteId, channelId) =>
      isId(siteId) && (channelId === undefined || isId(channelId))
        ? list(apiPaths.albumList, { siteId, channelId }, albumSchema)
        : [],
    getAlbum: async (siteId, albumId) =>
      isId(siteId) && isId(albumId)
        ? call(fillPath(apiPaths.album, { id: albumId }), { siteId }, albumDetailSchema)
        : null,

    listEditorialTopics: async (siteId) =>
      isId(siteId) ? list(apiPaths.expertTopics, { siteId }, editorialTopicSchema) : [],
    getEditorialTopic: async (siteId, topicId) =>
      isId(siteId) && isId(topicId)
        ? call(fillPath(apiPaths.expertTopic, { id: topicId }), { siteId }, editorialTopicSchema)
        : null,
    listExperts: async (siteId, topicId, page, size, sort) => {
      const query = {
        siteId,
        topicId,
        page: pageOf(page),
        size: sizeOf(size, 10),
        sort: sort ? `${sort.field},${sort.direction}` : undefined,
      };
      if (!isId(siteId) || !isId(topicId)) return emptyPage(query.page, query.size);
      // rc-pub sends the page inside a one-element array (rc-pub's shape: data[0].content[0].id)
      const pages = await call(apiPaths.expertList, query, z.array(pagedSchema(expertSchema)).min(1));
      return pages?.[0] ?? emptyPage(query.page, query.size);
    },

    getSearchConfig: async (siteId) =>
      isId(siteId) ? list(fillPath(apiPaths.searchConfig, { siteId }), {}, searchConfigEntrySchema) : [],
    getSearchConditions: async (siteId, type) =>
      isId(siteId) ? list(fillPath(apiPaths.searchConditions, { siteId }), { type }, searchConditionSchema) : [],
    search: async (siteId, search) =>
      (await call(apiPaths.search, { siteId, ...queryOf(simpleSearchParams(search)) }, searchResultSchema)) ?? {
        ...emptyPage(search.page, search.size),
        terms: [],
      },
    searchClusters: async (siteId, search) =>
      (await call(
        apiPaths.searchClusters,
        { siteId, ...queryOf(simpleSearchParams(search)) },
        searchClustersSchema,
      )) ?? { year: [], journal: [], column: [], keyword: [], author: [] },
    advancedSearch: async (siteId, request) => {
      const params = advancedSearchParams(request.search);
      const rest = simpleSearchParams({ type: 'article', field: null, text: '', year: 'all', ...request });
      for (const key of ['type', 'q']) rest.delete(key);
      const query = { siteId, ...queryOf(params), ...queryOf(rest) };
      return (
        (await call(apiPaths.advancedSearch, query, searchResultSchema)) ?? {
          ...emptyPage(request.page, request.size),
          terms: [],
        }
      );
    },
  };
}
