/** Albums, their items, and resources (pictures, tables, video, audio) on pages of their own. */
import { z } from 'zod';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { text, url } from './common.ts';

export const albumSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  name: z.string(),
  enName: text,
  description: text,
  enDescription: text,
  coverUrl: url,
  itemCount: z.number().int(),
});
export type Album = z.infer<typeof albumSchema>;

export const albumItemSchema = z.object({
  resourceType: z.enum(['article', 'picture', 'table', 'video', 'audio', 'publication', 'expert']),
  resourceId: z.number().int(),
  title: z.string(),
  enTitle: text,
  coverUrl: url,
  /** canonical path without the language prefix, e.g. 'article/12' */
  path: text,
  /** an article retracted, withdrawn or under concern: labelled in the album as everywhere (null: none) */
  noticeKind: z.enum(NOTICE_KINDS).nullable().default(null),
});
/** A picture, table, video or audio on a page of its own, with the article it belongs to (if any). */
export const resourceKindSchema = z.enum(['picture', 'table', 'video', 'audio']);
export type ResourceKind = z.infer<typeof resourceKindSchema>;
export const resourceDetailSchema = z.object({
  kind: resourceKindSchema,
  id: z.number().int(),
  siteId: z.number().int(),
  title: z.string(),
  enTitle: text,
  description: text,
  enDescription: text,
  /** the picture itself, or a video's poster / an audio's cover */
  imageUrl: url,
  /** a table's HTML (sanitized when shown) */
  tableHtml: text,
  /** a video's or audio's file */
  mediaUrl: url,
  publishedDate: text,
  article: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const albumDetailSchema = albumSchema.extend({ items: z.array(albumItemSchema) });
export type AlbumDetail = z.infer<typeof albumDetailSchema>;
