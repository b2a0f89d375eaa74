/**
 * How the seed spreads its articles: over sites and journals, over a journal's issues (which years,
 * how often, on which days) and over those issues. Pure: the seed writes what these return.
 */
import { addDays, pad } from './context.ts';
import { BASE_DATE, BIG_ISSUE, FIRST_YEAR, type JournalSpec, SITE_SPECS } from './site-data.ts';

/** Splits `total` into parts proportional to `weights` (the remainder goes to the first part). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  parts[0] = (parts[0] ?? 0) + total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** Articles of each journal, per site in SITE_SPECS order: sites by weight, a site's journals alike. */
export function articlesPerJournal(articles: number): number[][] {
  const perSite = apportion(
    articles,
    SITE_SPECS.map((site) => site.weight),
  );
  return SITE_SPECS.map((site, index) =>
    apportion(
      perSite[index] ?? 0,
      site.journals.map(() => 1),
    ),
  );
}

/** How many of a journal's articles appear in issues (the rest are online first or just accepted). */
export const formalCount = (count: number) => Math.round(count * 0.8);

/** The big issue holds 320 articles once the journal has enough; with small seeds it gets half of them. */
export const bigIssueCount = (siteId: number, formal: number) =>
  siteId === BIG_ISSUE.siteId ? Math.min(BIG_ISSUE.articles, Math.floor(formal / 2)) : 0;

/** Issue k of a year appears in the month its share of the year ends, on the 15th; more often than monthly, spread over the year's days. */
function publishDate(year: number, issue: number, perYear: number): string {
  if (perYear > 12) return addDays(`${year}-01-01`, Math.floor(((issue - 0.5) * 365) / perYear));
  return `${year}-${pad(Math.ceil((issue * 12) / perYear), 2)}-15`;
}

/** Articles a regular issue holds at most, once a seed is large: about a real issue of such a journal. */
export const ISSUE_ARTICLES_MAX = 24;
const FREQUENCIES = [4, 6, 12, 24, 36, 52];

export type Calendar = { firstYear: number; issuesPerYear: number };
export type PlannedIssue = { year: number; issue: number; publishDate: string };

/** Every issue of a calendar up to the demo's "today", oldest first. */
export function calendarIssues({ firstYear, issuesPerYear }: Calendar): PlannedIssue[] {
  const issues: PlannedIssue[] = [];
  for (let year = firstYear; year <= Number(BASE_DATE.slice(0, 4)); year++) {
    for (let issue = 1; issue <= issuesPerYear; issue++) {
      const date = publishDate(year, issue, issuesPerYear);
      if (date > BASE_DATE) break;
      issues.push({ year, issue, publishDate: date });
    }
  }
  return issues;
}

/**
 * The years and frequency of a journal's issues. The demo's calendar (FIRST_YEAR on) while its
 * regular issues stay within ISSUE_ARTICLES_MAX; a larger seed grows the archive, not the issues,
 * as a real one does: back year by year to the journal's founding, then more issues a year.
 */
export function journalCalendar(siteId: number, spec: JournalSpec, articles: number): Calendar {
  const formal = formalCount(articles);
  const regular = formal - bigIssueCount(siteId, formal);
  const fits = (firstYear: number, issuesPerYear: number) =>
    regular <= ISSUE_ARTICLES_MAX * Math.max(1, calendarIssues({ firstYear, issuesPerYear }).length - 1);
  const earliest = Math.min(FIRST_YEAR, spec.foundedYear);
  for (let year = FIRST_YEAR; year >= earliest; year--)
    if (fits(year, spec.issuesPerYear)) return { firstYear: year, issuesPerYear: spec.issuesPerYear };
  const faster = FREQUENCIES.filter((perYear) => perYear > spec.issuesPerYear);
  const issuesPerYear = faster.find((perYear) => fits(earliest, perYear)) ?? faster.at(-1) ?? spec.issuesPerYear;
  return { firstYear: earliest, issuesPerYear };
}

/** Formal articles of each issue (same order as `issues`): the big issue its share, the others alike. */
export function issueSizes(
  siteId: number,
  issues: readonly { year: number; issue: number }[],
  formal: number,
): number[] {
  const bigIndex =
    siteId === BIG_ISSUE.siteId
      ? issues.findIndex((p) => p.year === BIG_ISSUE.year && p.issue === BIG_ISSUE.issue)
      : -1;
  const bigCount = bigIndex < 0 ? 0 : bigIssueCount(siteId, formal);
  const others = issues.length - (bigIndex < 0 ? 0 : 1);
  const rest = formal - bigCount;
  let index = 0;
  return issues.map((_, position) => {
    if (position === bigIndex) return bigCount;
    const n = Math.floor(rest / others) + (index < rest % others ? 1 : 0);
    index++;
    return n;
  });
}
