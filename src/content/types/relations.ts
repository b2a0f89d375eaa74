/** An article's relations (the same author, fund, institution, related by content, cited by) and its counts. */
import { z } from 'zod';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { text } from './common.ts';

/** An article another list points to, with the site it lives on (it may be another site of this portal). */
export const relatedArticleSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  sld: z.string(),
  siteName: z.string(),
  siteEnName: z.string(),
  title: z.string(),
  enTitle: text,
  publicationName: z.string(),
  publicationEnName: z.string(),
  publishedDate: text,
  /** retracted, withdrawn or under concern: labelled in the list as everywhere (null: none) */
  noticeKind: z.enum(NOTICE_KINDS).nullable().default(null),
});
export type RelatedArticle = z.infer<typeof relatedArticleSchema>;

/** Each list short; author, fund, org and article scoped to the site (a group site: its members too), citedBy from every site. */
export const articleRelationsSchema = z.object({
  author: z.array(relatedArticleSchema),
  fund: z.array(relatedArticleSchema),
  org: z.array(relatedArticleSchema),
  article: z.array(relatedArticleSchema),
  citedBy: z.array(relatedArticleSchema),
});
export type ArticleRelations = z.infer<typeof articleRelationsSchema>;

/** citations: the import's number, else the articles of this portal citing it (citedBy) */
export const resourceStatisticsSchema = z.object({
  views: z.number().int(),
  downloads: z.number().int(),
  citations: z.number().int(),
  citedBy: z.number().int(),
});
export type ResourceStatistics = z.infer<typeof resourceStatisticsSchema>;
