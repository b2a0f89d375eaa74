import { describe, expect, it } from 'vitest';
import {
  articlesPerJournal,
  calendarIssues,
  formalCount,
  ISSUE_ARTICLES_MAX,
  issueSizes,
  journalCalendar,
} from '../../src/server/seed/calendar.ts';
import { BIG_ISSUE, FIRST_YEAR, SITE_SPECS } from '../../src/server/seed/site-data.ts';

type PlannedJournal = {
  site: string;
  calendar: { firstYear: number; issuesPerYear: number };
  issues: { year: number; issue: number; publishDate: string; articles: number }[];
};

/** What the seed writes for each journal at this size: its calendar and each issue's formal articles. */
function plan(articles: number): PlannedJournal[] {
  const perJournal = articlesPerJournal(articles);
  return SITE_SPECS.flatMap((site, siteIndex) =>
    site.journals.map((spec, index) => {
      const count = perJournal[siteIndex]?.[index] ?? 0;
      const calendar = journalCalendar(site.id, spec, count);
      const issues = calendarIssues(calendar);
      const sizes = issueSizes(site.id, issues, formalCount(count));
      return { site: site.sld, calendar, issues: issues.map((issue, i) => ({ ...issue, articles: sizes[i] ?? 0 })) };
    }),
  );
}

const allIssues = (journals: PlannedJournal[]) =>
  journals.flatMap((journal) => journal.issues.map((issue) => ({ site: journal.site, ...issue })));

describe('the seed calendar', () => {
  it('hands out exactly the articles asked for', () => {
    for (const articles of [0, 150, 2_400, 10_000, 100_000])
      expect(
        articlesPerJournal(articles)
          .flat()
          .reduce((a, b) => a + b, 0),
      ).toBe(articles);
  });

  it('keeps the demo calendar at the demo size: every journal from FIRST_YEAR at its own frequency', () => {
    const perJournal = articlesPerJournal(2_400);
    for (const [siteIndex, site] of SITE_SPECS.entries())
      for (const [index, spec] of site.journals.entries())
        expect(journalCalendar(site.id, spec, perJournal[siteIndex]?.[index] ?? 0)).toEqual({
          firstYear: FIRST_YEAR,
          issuesPerYear: spec.issuesPerYear,
        });
  });

  it('grows the archive, not the issues, at 10,000 articles: every issue but the big one within a real issue size', () => {
    const journals = plan(10_000);
    const bySize = allIssues(journals).sort((a, b) => b.articles - a.articles);
    // the 300+ article issue stays; the next largest is a real issue's size (the demo's calendar from 2019 put 31 in each of jmst's)
    expect([bySize[0]?.site, bySize[0]?.year, bySize[0]?.issue]).toEqual(['jmst', BIG_ISSUE.year, BIG_ISSUE.issue]);
    expect(bySize[0]?.articles).toBe(BIG_ISSUE.articles);
    expect(bySize[1]?.articles).toBeLessThanOrEqual(ISSUE_ARTICLES_MAX);
    const jmst = journals.filter((journal) => journal.site === 'jmst');
    const firstPublished = jmst.flatMap((journal) => journal.issues.filter((issue) => issue.articles > 0));
    expect(firstPublished[0]?.publishDate.slice(0, 4)).toBe('2016');
  });

  it('publishes more often once the founding year is reached: jmst at 100,000 articles', () => {
    const jmst = plan(100_000).find((journal) => journal.site === 'jmst');
    expect(jmst?.calendar).toEqual({ firstYear: 1985, issuesPerYear: 36 });
    expect(jmst?.issues).toHaveLength(1_506);
    const regular = jmst?.issues.filter((issue) => issue.articles !== BIG_ISSUE.articles) ?? [];
    expect(Math.max(...regular.map((issue) => issue.articles))).toBeLessThanOrEqual(ISSUE_ARTICLES_MAX);
    // issues more often than monthly are spread over the year's days, none after the demo's "today"
    expect(jmst?.issues.slice(0, 3).map((issue) => issue.publishDate)).toEqual([
      '1985-01-06',
      '1985-01-16',
      '1985-01-26',
    ]);
    expect(jmst?.issues.at(-1)?.publishDate.localeCompare('2026-11-01')).toBeLessThanOrEqual(0);
    expect(allIssues(plan(100_000)).filter((issue) => issue.articles > ISSUE_ARTICLES_MAX)).toHaveLength(1);
  });
});
