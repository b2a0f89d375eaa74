/** An issue's table of contents. */
import { z } from 'zod';
import { articleSummarySchema } from './article.ts';
import { periodSchema, publicationSchema } from './publication.ts';

export const issueTocSchema = z.object({
  period: periodSchema,
  publication: publicationSchema,
  columns: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      enName: z.string(),
      articles: z.array(articleSummarySchema),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** the issue's kept versions: when, and which fields changed (src/lib/article-notice.ts picks what a reader is told) */
  corrections: z.array(z.object({ date: z.string(), fields: z.array(z.string()) })).default([]),
});
export type IssueToc = z.infer<typeof issueTocSchema>;
