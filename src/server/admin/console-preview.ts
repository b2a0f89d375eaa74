/**
 * The console's preview links: an item the public cannot see yet (a draft, a scheduled item, an
 * unpublished news item) is answered with a signed link to its preview page on the site, valid for
 * PREVIEW_DAYS; a public item, or a server without PREVIEW_SECRET, gets none.
 */
import type { ConsoleArticle, ConsoleIssue } from '../../lib/console-answers.ts';
import type { Lang } from '../../lib/lang.ts';
import { type PreviewItem, previewPath, previewToken } from '../preview-link.ts';

const PREVIEW_DAYS = 7;

export type PreviewLinks = (siteId: number, lang: Lang, item: PreviewItem, hidden: boolean) => string | null;

export function previewLinks(secret: string | undefined, now: () => Date): PreviewLinks {
  return (siteId, lang, item, hidden) => {
    if (!hidden || secret === undefined) return null;
    const expires = new Date(now().getTime() + PREVIEW_DAYS * 86_400_000);
    return previewPath(lang, item, previewToken(secret, { siteId, ...item }, expires));
  };
}

/** Whether the public cannot see the article yet (a removed one is no draft: it has no preview). */
export const articleHidden = (article: ConsoleArticle, now: Date): boolean =>
  article.removed === null && (article.status === 'draft' || article.publishAt > now.toISOString());

export const issueHidden = (issue: ConsoleIssue, now: Date): boolean => issue.publishAt > now.toISOString();
