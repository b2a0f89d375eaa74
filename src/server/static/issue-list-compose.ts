/**
 * Puts the journal's current issue list into a prebuilt table of contents: the page's back-issue
 * browser (between the marks of src/lib/issue-browser.ts) is written again from the list and the
 * page's own issue, with the same function the page used, so a new issue reaches every table of
 * contents without rendering them; and a year page's list of years (src/lib/year-list.ts) the same way.
 */

import { dictionary } from '../../i18n/index.ts';
import { issueBrowserText } from '../../i18n/issue-browser-text.ts';
import {
  ISSUE_LIST,
  type IssueList,
  issueBrowserHtml,
  issueListClose,
  issueListOpen,
  issueListRecordSchema,
} from '../../lib/issue-browser.ts';
import type { Lang } from '../../lib/lang.ts';
import { YEAR_LIST, yearListClose, yearListHtml, yearListOpen, yearListRecordSchema } from '../../lib/year-list.ts';

/**
 * The page with `list` in its issue browser (a table of contents) or its years (a year page); the
 * page itself when it has neither; null when it cannot be composed.
 */
export function composeIssueList(html: string, lang: Lang, list: IssueList): string | null {
  const withYears = composeYearList(html, lang, list);
  return withYears === null ? null : composeBrowser(withYears, lang, list);
}

function composeYearList(html: string, lang: Lang, list: IssueList): string | null {
  const open = html.indexOf(`<!--${YEAR_LIST} `);
  if (open < 0) return html;
  const start = html.indexOf('-->', open);
  const end = start < 0 ? -1 : html.indexOf(yearListClose, start);
  if (end < 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(html.slice(open + YEAR_LIST.length + 5, start));
  } catch {
    return null;
  }
  const record = yearListRecordSchema.safeParse(parsed);
  if (!record.success || !record.data.composable) return null;
  const years = list.map((year) => year.year);
  const nav = yearListHtml(lang, dictionary(lang).pages.backIssues, years, record.data.year, {});
  return html.slice(0, open) + yearListOpen(record.data) + nav + html.slice(end);
}

function composeBrowser(html: string, lang: Lang, list: IssueList): string | null {
  const open = html.indexOf(`<!--${ISSUE_LIST} `);
  if (open < 0) return html;
  const start = html.indexOf('-->', open);
  const end = start < 0 ? -1 : html.indexOf(issueListClose, start);
  if (end < 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(html.slice(open + ISSUE_LIST.length + 5, start));
  } catch {
    return null;
  }
  const record = issueListRecordSchema.safeParse(parsed);
  if (!record.success || !record.data.composable) return null;
  const browser = issueBrowserHtml(lang, issueBrowserText(lang), list, record.data.current, {});
  return html.slice(0, open) + issueListOpen(record.data) + browser + html.slice(end);
}
