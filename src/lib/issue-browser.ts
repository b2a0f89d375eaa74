/**
 * The back-issue browser of a table of contents (the years near the page's issue as disclosure
 * widgets, no JavaScript needed, with their issues; the page's own issue marked current; every
 * year as a link to its year page), written as one string so that
 * the page and the server write the same bytes: a new issue changes the list on every table of
 * contents, and the server puts the new list into prebuilt ones when serving them
 * (src/server/static/issue-list-compose.ts) instead of rendering each again.
 */
import { z } from 'zod';
import { escapeHtml } from './escape-html.ts';
import type { Lang } from './lang.ts';
import { canonical, withQuery } from './routes.ts';

export const ISSUE_LIST = 'issue-list';

/** What the browser shows of the journal's issues, newest year first as the period tree gives them. */
export const issueListSchema = z.array(
  z.object({
    year: z.number().int(),
    periods: z.array(z.object({ id: z.number().int(), year: z.number().int(), issue: z.number().int() })),
  }),
);
export type IssueList = z.infer<typeof issueListSchema>;

/** The page's own values inside the list: its issue; composable: the site's own journal (no query in the links). */
export const issueListRecordSchema = z.object({ current: z.number().int().nullable(), composable: z.boolean() });
export type IssueListRecord = z.infer<typeof issueListRecordSchema>;

/** The browser's words, from the page's dictionary. */
export type IssueBrowserText = {
  heading: string;
  noData: string;
  allYears: string;
  year: (year: number) => string;
  issue: (issue: number) => string;
};

/** Only what the browser shows of a period tree: equal lists, equal browsers. */
export function issueListOf(
  years: readonly { year: number; periods: readonly { id: number; year: number; issue: number }[] }[],
): IssueList {
  return years.map((year) => ({
    year: year.year,
    periods: year.periods.map((period) => ({ id: period.id, year: period.year, issue: period.issue })),
  }));
}

/**
 * The years whose issues a table of contents lists: its issue's year and the nearest earlier and
 * later years that have issues (so its previous and next issues are among them). Every other year
 * is a link to its year page: a table of contents costs the same however long the archive is.
 */
export function issueYearWindow(years: readonly number[], year: number): { from: number; to: number } {
  let from = year;
  let to = year;
  for (const each of years) {
    if (each < year && (from === year || each > from)) from = each;
    if (each > year && (to === year || each < to)) to = each;
  }
  return { from, to };
}

/** The year of the page's issue, or the newest year when the page has none. */
export function issueListYear(years: IssueList, currentPeriodId: number | null): number | undefined {
  return years.find((year) => year.periods.some((period) => period.id === currentPeriodId))?.year ?? years[0]?.year;
}

/** The browser's html (without marks): the years of issueYearWindow with their issues, then every year. */
export function issueBrowserHtml(
  lang: Lang,
  text: IssueBrowserText,
  years: IssueList,
  currentPeriodId: number | null,
  query: Record<string, string>,
): string {
  const openYear = issueListYear(years, currentPeriodId);
  const window = issueYearWindow(
    years.map((year) => year.year),
    openYear ?? 0,
  );
  const parts = [
    '<section class="issue-browser" aria-labelledby="issue-browser-heading">',
    `<h2 id="issue-browser-heading">${escapeHtml(text.heading)}</h2>`,
  ];
  if (years.length === 0) parts.push(`<p>${escapeHtml(text.noData)}</p>`);
  for (const year of years) {
    if (year.year < window.from || year.year > window.to) continue;
    parts.push(
      `<details${year.year === openYear ? ' open' : ''}>`,
      `<summary>${escapeHtml(text.year(year.year))}</summary>`,
      '<ul>',
    );
    for (const period of year.periods) {
      const label = escapeHtml(text.issue(period.issue));
      parts.push(
        period.id === currentPeriodId
          ? `<li><span aria-current="page">${label}</span></li>`
          : `<li><a href="${escapeHtml(withQuery(canonical.issue(lang, period.year, period.issue), query))}">${label}</a></li>`,
      );
    }
    parts.push('</ul>', '</details>');
  }
  if (years.some((year) => year.year < window.from || year.year > window.to)) {
    parts.push(`<nav aria-label="${escapeHtml(text.allYears)}"><ul class="issue-browser__years">`);
    for (const year of years) {
      parts.push(
        `<li><a href="${escapeHtml(withQuery(canonical.issueYear(lang, year.year), query))}">${escapeHtml(text.year(year.year))}</a></li>`,
      );
    }
    parts.push('</ul></nav>');
  }
  parts.push('</section>');
  return parts.join('');
}

/** The opening mark with the page's record (JSON of numbers and booleans: '-->' cannot occur). */
export const issueListOpen = (record: IssueListRecord) => `<!--${ISSUE_LIST} ${JSON.stringify(record)}-->`;
export const issueListClose = `<!--/${ISSUE_LIST}-->`;
