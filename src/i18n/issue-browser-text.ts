import type { IssueBrowserText } from '../lib/issue-browser.ts';
import type { Lang } from '../lib/lang.ts';
import { format } from './format.ts';
import { dictionary } from './index.ts';

/** The back-issue browser's words in `lang`: the page and the server's composer use the same. */
export function issueBrowserText(lang: Lang, heading?: string): IssueBrowserText {
  const t = dictionary(lang).pages;
  return {
    heading: heading ?? t.backIssues,
    noData: t.noData,
    allYears: t.allYears,
    year: (year) => format(t.yearLabel, { year }),
    issue: (issue) => format(t.issueShort, { issue }),
  };
}
