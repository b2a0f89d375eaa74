/** Editorial boards (topics) and their experts. */
import { z } from 'zod';
import { text, url } from './common.ts';

export const editorialTopicSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  publicationId: z.number().int().nullable(),
  name: z.string(),
  enName: z.string(),
});
export type EditorialTopic = z.infer<typeof editorialTopicSchema>;

export const expertSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  name: z.string(),
  enName: text,
  role: text,
  enRole: text,
  institution: text,
  enInstitution: text,
  introduction: text,
  enIntroduction: text,
  photoUrl: url,
});
export type Expert = z.infer<typeof expertSchema>;
