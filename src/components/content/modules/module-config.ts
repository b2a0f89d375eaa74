/**
 * Home-module configs are free-form JSON from the store or rc-pub; read only what is known and
 * valid, and fall back to defaults for everything else.
 */
import { z } from 'zod';

const sizeSchema = z.number().int().min(1).max(100);

/** How many entries a module shows: config.size (or limit / pageSize), else the fallback. */
export function moduleSize(config: Record<string, unknown>, fallback: number): number {
  for (const key of ['size', 'limit', 'pageSize', 'count']) {
    const parsed = sizeSchema.safeParse(config[key]);
    if (parsed.success) return parsed.data;
  }
  return fallback;
}

export function moduleNumber(config: Record<string, unknown>, key: string): number | null {
  const parsed = z.number().int().safeParse(config[key]);
  return parsed.success ? parsed.data : null;
}

export type ModuleLink = { title: string; enTitle: string | null; url: string; imageUrl: string | null };

const text = z.string().trim().min(1);
const linkSchema = z
  .object({
    title: text.optional(),
    name: text.optional(),
    enTitle: text.nullish(),
    enName: text.nullish(),
    url: text.optional(),
    link: text.optional(),
    linkValue: text.optional(),
    href: text.optional(),
    imageUrl: text.nullish(),
    pictureUrl: text.nullish(),
    image: text.nullish(),
  })
  .loose();

/** Only http(s) and root-relative links are followed; anything else (javascript:, data:) is dropped. */
export function safeHref(url: string): string | null {
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null;
}

/** Link lists (carousel slides, quick links) from config.items or config.links. */
export function moduleLinks(config: Record<string, unknown>): ModuleLink[] {
  const raw = Array.isArray(config['items']) ? config['items'] : Array.isArray(config['links']) ? config['links'] : [];
  const links: ModuleLink[] = [];
  for (const entry of raw) {
    const parsed = linkSchema.safeParse(entry);
    if (!parsed.success) continue;
    const item = parsed.data;
    const title = item.title ?? item.name;
    const url = safeHref(item.url ?? item.link ?? item.linkValue ?? item.href ?? '');
    if (!title || !url) continue;
    const image = item.imageUrl ?? item.pictureUrl ?? item.image ?? null;
    links.push({
      title,
      enTitle: item.enTitle ?? item.enName ?? null,
      url,
      imageUrl: image && safeHref(image) ? image : null,
    });
  }
  return links;
}

/** Ids listed in a config (albumIds, publicationIds), in their order. */
export function moduleIds(config: Record<string, unknown>, key: string): number[] {
  const parsed = z.array(z.number().int().positive()).safeParse(config[key]);
  return parsed.success ? parsed.data : [];
}

/** Keeps the entries whose ids are listed, in the listed order; no list keeps everything. */
export function orderByIds<T extends { id: number }>(entries: T[], ids: number[]): T[] {
  if (ids.length === 0) return entries;
  return ids.map((id) => entries.find((entry) => entry.id === id)).filter((entry): entry is T => entry !== undefined);
}

/** Banner item types (docs/product-rules.md#banners): a link, or a news item, album or article by id. */
export const bannerItemSchema = z.union([
  z.object({
    type: z.enum(['news', 'wechat', 'album', 'article']),
    id: z.number().int().positive(),
    imageUrl: z.string().optional(),
  }),
  z.object({
    type: z.literal('link'),
    url: z.string(),
    title: z.string().optional(),
    enTitle: z.string().optional(),
    imageUrl: z.string().optional(),
  }),
]);
export type BannerItem = z.infer<typeof bannerItemSchema>;

export function bannerItems(config: Record<string, unknown>): BannerItem[] {
  const raw = Array.isArray(config['items']) ? config['items'] : [];
  return raw.flatMap((entry) => {
    const parsed = bannerItemSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
