/** How a retraction, withdrawal or expression of concern reads in a list, a feed, OAI-PMH and meta tags. */
import type { NoticeKind } from '../lib/article-notice.ts';
import type { Lang } from '../lib/lang.ts';
import { dictionary } from './index.ts';

/** The label a list shows beside the title ('撤稿', 'Retracted'). */
export const noticeLabel = (kind: NoticeKind, lang: Lang): string => dictionary(lang).pages.notice.label[kind];

/** A title as a list of feeds or harvesters sees it: the label first when the article has a notice. */
export const titleWithNotice = (title: string, kind: NoticeKind | null, lang: Lang): string =>
  kind ? `[${noticeLabel(kind, lang)}] ${title}` : title;

/** The notice as one line of text (feeds, OAI-PMH, meta tags): 'Retracted 2026-05-01: reason'. */
export const noticeText = (notice: { kind: NoticeKind; date: string; reason: string }, lang: Lang): string =>
  `${noticeLabel(notice.kind, lang)} ${notice.date.slice(0, 10)}${notice.reason ? `: ${notice.reason}` : ''}`;
