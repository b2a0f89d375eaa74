/** Search: the site's search fields and conditions, hits, results and facet counts. */
import { z } from 'zod';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { authorNameSchema } from './article.ts';
import { pagedSchema, text } from './common.ts';

export const searchConfigEntrySchema = z.object({
  type: z.number().int(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
});
export type SearchConfigEntry = z.infer<typeof searchConfigEntrySchema>;

export const searchConditionSchema = z.object({
  field: z.string(),
  condition: z.string(),
  enCondition: z.string(),
});
export type SearchCondition = z.infer<typeof searchConditionSchema>;

/** One search result of any type: what a result list shows and where it links. */
export const searchHitSchema = z.object({
  type: z.enum(['article', 'publication', 'picture', 'table', 'video', 'audio', 'other', 'news']),
  id: z.number().int(),
  title: z.string(),
  enTitle: text,
  summary: text,
  enSummary: text,
  keywords: z.array(z.string()),
  enKeywords: z.array(z.string()),
  authors: z.array(authorNameSchema),
  institutions: z.array(z.string()),
  journal: text,
  enJournal: text,
  /** the article a figure or table belongs to */
  articleId: z.number().int().nullable(),
  doi: text,
  year: z.number().int().nullable(),
  publishedDate: text,
  openAccess: z.boolean(),
  views: z.number().int(),
  downloads: z.number().int(),
  citations: z.number().int(),
  /** an article's retraction, withdrawal or expression of concern (its label shows in the hit) */
  noticeKind: z.enum(NOTICE_KINDS).nullable().default(null),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A page of search results: the hits, the total, and the terms the query was split into (for highlighting). */
export const searchResultSchema = pagedSchema(searchHitSchema).extend({ terms: z.array(z.string()) });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchFacetValueSchema = z.object({
  value: z.string(),
  name: z.string(),
  enName: text,
  count: z.number().int(),
});
export type SearchFacetValue = z.infer<typeof searchFacetValueSchema>;
/** Counts of the matching items by year, journal, column, keyword and author (the result page's facets). */
export const searchClustersSchema = z.object({
  year: z.array(searchFacetValueSchema),
  journal: z.array(searchFacetValueSchema),
  column: z.array(searchFacetValueSchema),
  keyword: z.array(searchFacetValueSchema),
  author: z.array(searchFacetValueSchema),
});
export type SearchClusters = z.infer<typeof searchClustersSchema>;
