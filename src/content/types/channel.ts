/** A site's menu (channels), a channel's page, and the home page's modules. */
import { z } from 'zod';
import { text, url } from './common.ts';

export type Channel = {
  id: number;
  parentId: number;
  code: string;
  name: string | null;
  enName: string | null;
  enable: string;
  linkValue: string | null;
  linkType: string | null;
  bannerId: number | null;
  bannerUrl: string | null;
  route: string | null;
  newsDataType: string | null;
  siteId: number;
  styleId: number | null;
  sortOrder: number;
  children: Channel[];
};
export const channelSchema: z.ZodType<Channel> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int(),
    code: z.string(),
    name: text,
    enName: text,
    enable: z.string(),
    linkValue: text,
    linkType: text,
    bannerId: z.number().int().nullable(),
    bannerUrl: url,
    route: text,
    newsDataType: text,
    siteId: z.number().int(),
    styleId: z.number().int().nullable(),
    sortOrder: z.number().int(),
    children: z.array(channelSchema),
  }),
);

export const channelInfoSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  siteId: z.number().int(),
  code: z.string(),
  name: text,
  enName: text,
  linkValue: text,
  bannerId: z.number().int().nullable(),
  bannerUrl: url,
  newsDataType: text,
  /** sanitized HTML body of an about/info/catch-all channel */
  content: text,
  enContent: text,
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

export const moduleTypeSchema = z.enum([
  'carousel',
  'latestIssue',
  'onlineFirst',
  'mostRead',
  'news',
  'albums',
  'quickLinks',
  'journals',
  /** member journals of other sites of this portal (config.siteIds), linked on their own hosts */
  'alliance',
]);
export const moduleSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  type: moduleTypeSchema,
  name: z.string(),
  enName: z.string(),
  sortOrder: z.number().int(),
  config: z.record(z.string(), z.unknown()),
});
export type HomeModule = z.infer<typeof moduleSchema>;
