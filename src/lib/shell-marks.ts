/**
 * The marks around the parts of a page the shell owns (the theme's styles in the head, header with
 * its top news, footer with the floating tools) and the few values of the page that show inside them. Pages carry them so the
 * server can put a newer shell into a prebuilt page without rendering it again
 * (src/server/static/shell-compose.ts).
 */
import { z } from 'zod';
import type { SiteMetaRecord } from './site-meta.ts';

export const SHELL_TOP = 'shell-top';
export const SHELL_BOTTOM = 'shell-bottom';
/** the theme's colours and the site's own CSS in the head: the same on every page of the site */
export const SHELL_HEAD = 'shell-head';
/** the head's title and meta tags, with the page's and the site's values (site-meta.ts) */
export const SHELL_META = 'shell-meta';

export const shellRecordSchema = z.object({
  /** the page's path (with its page number), which the language switch links to in the other language */
  path: z.string(),
  /** the path asked for, which the menus mark as the current page */
  at: z.string(),
  /** detail pages have no fixed header */
  detail: z.boolean(),
  /** false: the shell shows something else on this page (no menu, no advanced search link, a legacy path) */
  composable: z.boolean(),
});
export type ShellRecord = z.infer<typeof shellRecordSchema>;

/** The opening mark with the page's record: JSON with '<', '>' and '&' escaped, so '-->' cannot occur. */
export function openMark(name: string, record?: ShellRecord | SiteMetaRecord): string {
  const json = record
    ? ` ${JSON.stringify(record).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`
    : '';
  return `<!--${name}${json}-->`;
}

export const closeMark = (name: string) => `<!--/${name}-->`;
