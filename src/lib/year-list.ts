/**
 * The links to every year on a year page of back issues, written as one string so that the page and
 * the server write the same bytes: a new year changes the list on every year page, and the server
 * puts the new list into prebuilt ones when serving them (src/server/static/issue-list-compose.ts)
 * instead of rendering each again, as it does for the tables of contents' issue browser.
 */
import { z } from 'zod';
import { escapeHtml } from './escape-html.ts';
import type { Lang } from './lang.ts';
import { canonical, withQuery } from './routes.ts';

export const YEAR_LIST = 'year-list';

/** The page's own year; composable: the site's own journal (no query in the links). */
export const yearListRecordSchema = z.object({ year: z.number().int(), composable: z.boolean() });
export type YearListRecord = z.infer<typeof yearListRecordSchema>;

/** The years nav (without marks), oldest first: the page's year marked current, every other year a link. */
export function yearListHtml(
  lang: Lang,
  label: string,
  years: readonly number[],
  current: number,
  query: Record<string, string>,
): string {
  const links = [...years]
    .sort((a, b) => a - b)
    .map((year) =>
      year === current
        ? `<span aria-current="page">${year}</span>`
        : `<a href="${escapeHtml(withQuery(canonical.issueYear(lang, year), query))}">${year}</a>`,
    );
  return `<nav class="year-issues__years" aria-label="${escapeHtml(label)}">${links.join('')}</nav>`;
}

/** The opening mark with the page's record (JSON of a number and a boolean: '-->' cannot occur). */
export const yearListOpen = (record: YearListRecord) => `<!--${YEAR_LIST} ${JSON.stringify(record)}-->`;
export const yearListClose = `<!--/${YEAR_LIST}-->`;
