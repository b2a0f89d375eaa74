/** What the page shell needs for one site. */
import { z } from 'zod';
import { channelSchema } from './channel.ts';
import { newsItemSchema } from './news.ts';
import {
  basicInfoSchema,
  footerConfigSchema,
  groupEntrySchema,
  headerConfigSchema,
  publicationConfigSchema,
  siteSchema,
  toolSchema,
} from './site.ts';

/** Everything the page shell needs for one site, in the bootstrap order of docs/product-rules.md#site-bootstrap. */
export const siteShellSchema = z.object({
  site: siteSchema,
  header: headerConfigSchema,
  publicationConfig: publicationConfigSchema,
  channels: z.array(channelSchema),
  basicInfo: basicInfoSchema,
  tools: z.array(toolSchema),
  footer: footerConfigSchema,
  groupEntries: z.array(groupEntrySchema),
  topNews: z.array(newsItemSchema),
});
export type SiteShell = z.infer<typeof siteShellSchema>;
