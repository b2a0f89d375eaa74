/** A journal and its issues by year. */
import { z } from 'zod';
import { text, url } from './common.ts';

export const publicationSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  enName: z.string(),
  abbreviation: text,
  issn: text,
  eissn: text,
  cn: text,
  sponsor: text,
  enSponsor: text,
  publisher: text,
  enPublisher: text,
  editorInChief: text,
  enEditorInChief: text,
  frequency: text,
  enFrequency: text,
  foundedYear: z.number().int().nullable(),
  coverUrl: url,
  introduction: text,
  enIntroduction: text,
});
export type Publication = z.infer<typeof publicationSchema>;

export const periodSchema = z.object({
  id: z.number().int(),
  publicationId: z.number().int(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  publishDate: z.string(),
  coverUrl: url,
  articleCount: z.number().int(),
});
export type Period = z.infer<typeof periodSchema>;

export const periodYearSchema = z.object({ year: z.number().int(), periods: z.array(periodSchema) });
export type PeriodYear = z.infer<typeof periodYearSchema>;
