/**
 * Signed, expiring preview links for drafts and scheduled articles, news items and issues: the token
 * is the expiry (Unix seconds) and an HMAC-SHA256, under PREVIEW_SECRET, of the kind, the site, the
 * item and that expiry. It opens one item of one site until it expires; nothing is stored, so a link cannot be revoked
 * before then except by changing the secret (which revokes them all).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseId } from '../lib/id.ts';
import type { Lang } from '../lib/lang.ts';

export const PREVIEW_KINDS = ['article', 'news', 'issue'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];
/** The item a preview link opens (an issue by its id, not its year and number). */
export type PreviewItem = { kind: PreviewKind; id: number };
export type PreviewTarget = { siteId: number; articleId: number } | ({ siteId: number } & PreviewItem);

function itemOf(target: PreviewTarget): PreviewItem {
  return 'articleId' in target ? { kind: 'article', id: target.articleId } : { kind: target.kind, id: target.id };
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, target: PreviewTarget, expires: number): string {
  const item = itemOf(target);
  return createHmac('sha256', secret).update(`${item.kind}:${target.siteId}:${item.id}:${expires}`).digest('base64url');
}

/** A token that opens the item until `expiresAt`. */
export function previewToken(secret: string, target: PreviewTarget, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${signature(secret, target, expires)}`;
}

/** Whether `token` opens this item at `now` (signed with this secret, not expired). */
export function previewTokenOpens(secret: string, target: PreviewTarget, token: string, now: Date): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(signature(secret, target, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The preview page of an item (an article when given a number): never prebuilt, never in a sitemap (src/server/http/preview.ts). */
export function previewPath(lang: Lang, item: number | PreviewItem, token: string): string {
  const { kind, id } = typeof item === 'number' ? { kind: 'article', id: item } : item;
  return `/${lang}/preview/${kind}/${id}/?token=${encodeURIComponent(token)}`;
}

/** `/{lang}/preview/{article|news|issue}/{id}/`, or null for any other path. */
export function matchPreviewPath(path: string): ({ lang: Lang } & PreviewItem) | null {
  const match = /^\/(zh|en)\/preview\/(article|news|issue)\/([^/]+)\/?$/.exec(path);
  const kind = PREVIEW_KINDS.find((known) => known === match?.[2]);
  const id = parseId(match?.[3]);
  return match && kind && id !== null ? { lang: match[1] === 'en' ? 'en' : 'zh', kind, id } : null;
}
