/** News items and their detail. */
import { z } from 'zod';
import { text, url } from './common.ts';

export const newsTypeSchema = z.enum(['information', 'announcement', 'dynamic', 'statement']);
export type NewsType = z.infer<typeof newsTypeSchema>;

export const newsItemSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  type: newsTypeSchema,
  newsDataType: z.string(),
  /** 2 means the item is an external link (docs/product-rules.md#news) */
  original: z.number().int(),
  sourceLink: text,
  title: z.string(),
  enTitle: text,
  summary: text,
  enSummary: text,
  pictureUrl: url,
  topPictureUrl: url,
  isTop: z.number().int(),
  views: z.number().int(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsDetailSchema = newsItemSchema.extend({
  content: text,
  enContent: text,
  previous: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
  next: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
  /** the kept versions: when, and which fields changed (src/lib/article-notice.ts picks what a reader is told) */
  corrections: z.array(z.object({ date: z.string(), fields: z.array(z.string()) })).default([]),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;
