/**
 * Signed, expiring preview links for drafts and scheduled articles: the token is the expiry (Unix
 * seconds) and an HMAC-SHA256, under PREVIEW_SECRET, of the site, the article and that expiry. It
 * opens one article of one site until it expires; nothing is stored, so a link cannot be revoked
 * before then except by changing the secret (which revokes them all).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../lib/lang.ts';

export type PreviewTarget = { siteId: number; articleId: number };

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, target: PreviewTarget, expires: number): string {
  return createHmac('sha256', secret).update(`article:${target.siteId}:${target.articleId}:${expires}`).digest('base64url');
}

/** A token that opens the article until `expiresAt`. */
export function previewToken(secret: string, target: PreviewTarget, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${signature(secret, target, expires)}`;
}

/** Whether `token` opens this article at `now` (signed with this secret, not expired). */
export function previewTokenOpens(secret: string, target: PreviewTarget, token: string, now: Date): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(signature(secret, target, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The preview page of an article: never prebuilt, never in a sitemap (src/server/http/preview.ts). */
export function previewPath(lang: Lang, articleId: number, token: string): string {
  return `/${lang}/preview/article/${articleId}/?token=${encodeURIComponent(token)}`;
}

/** `/{lang}/preview/article/{id}/`, or null for any other path. */
export function matchPreviewPath(path: string): { lang: Lang; articleId: number } | null {
  const match = /^\/(zh|en)\/preview\/article\/(\d{1,15})\/?$/.exec(path);
  return match ? { lang: match[1] === 'en' ? 'en' : 'zh', articleId: Number(match[2]) } : null;
}
