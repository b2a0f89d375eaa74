/**
 * The back-issue browser of a prebuilt table of contents, given a newer list of issues, becomes
 * what rendering the page with that list gives: the new issue listed, the page's own issue still
 * marked current and its year open; pages of another journal are not composed. A year page's links
 * to every year likewise.
 */
import { describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { issueBrowserText } from '../../src/i18n/issue-browser-text.ts';
import { type IssueList, issueBrowserHtml, issueListClose, issueListOpen } from '../../src/lib/issue-browser.ts';
import { closeMark, openMark, SHELL_BOTTOM, SHELL_TOP } from '../../src/lib/shell-marks.ts';
import { yearListClose, yearListHtml, yearListOpen } from '../../src/lib/year-list.ts';
import { composeIssueList } from '../../src/server/static/issue-list-compose.ts';
import { composePage } from '../../src/server/static/shell-compose.ts';

const before: IssueList = [
  {
    year: 2024,
    periods: [
      { id: 3, year: 2024, issue: 2 },
      { id: 2, year: 2024, issue: 1 },
    ],
  },
  { year: 2023, periods: [{ id: 1, year: 2023, issue: 1 }] },
];
const after: IssueList = [{ year: 2025, periods: [{ id: 4, year: 2025, issue: 1 }] }, ...before];

/** A table of contents as the page writes it: the browser between its marks in the aside. */
const page = (lang: 'zh' | 'en', list: IssueList, current: number, query: Record<string, string> = {}) =>
  `<main><h1>toc</h1><aside>${issueListOpen({ current, composable: Object.keys(query).length === 0 })}${issueBrowserHtml(lang, issueBrowserText(lang), list, current, query)}${issueListClose}</aside></main>`;

describe('composeIssueList', () => {
  it('puts the new list into an old table of contents, keeping its own issue current', () => {
    for (const lang of ['zh', 'en'] as const) {
      const composed = composeIssueList(page(lang, before, 2), lang, after);
      expect(composed).toBe(page(lang, after, 2));
      expect(composed).toContain(`href="/${lang}/issue/2025/1/"`);
      expect(composed).toContain('<details open><summary>');
      expect(composed).toMatch(/<span aria-current="page">[^<]*1[^<]*<\/span>/);
    }
  });

  it('lists the issues of the years next to its own only, and links every year to its year page', () => {
    // 1985–2024, two issues a year: a table of contents of 2000 is as long as one of 2024
    const long: IssueList = Array.from({ length: 40 }, (_, i) => 2024 - i).map((year) => ({
      year,
      periods: [2, 1].map((issue) => ({ id: year * 10 + issue, year, issue })),
    }));
    for (const lang of ['zh', 'en'] as const) {
      const html = issueBrowserHtml(lang, issueBrowserText(lang), long, 20001, {});
      expect(html.match(/<details/g)).toHaveLength(3);
      expect(html.match(/href="\/[a-z]+\/issue\/\d+\/\d+\/"/g)).toHaveLength(5);
      for (const issue of ['2001/1', '2001/2', '2000/2', '1999/1', '1999/2'])
        expect(html).toContain(`href="/${lang}/issue/${issue}/"`);
      expect(html).not.toContain(`/issue/2002/1/`);
      expect(html).toContain(`<nav aria-label="${issueBrowserText(lang).allYears}">`);
      expect(html.match(/href="\/[a-z]+\/issue\/\d+\/"/g)).toHaveLength(40);
      expect(html).toContain(`href="/${lang}/issue/1985/"`);
      expect(issueBrowserHtml(lang, issueBrowserText(lang), long, 20241, {}).length).toBeLessThan(html.length + 100);
      // a new year reaches a far table of contents as a year link, not as its issues
      const composed = composeIssueList(page(lang, long, 20001), lang, [
        { year: 2025, periods: [{ id: 20251, year: 2025, issue: 1 }] },
        ...long,
      ]);
      expect(composed).toContain(`href="/${lang}/issue/2025/"`);
      expect(composed).not.toContain(`href="/${lang}/issue/2025/1/"`);
    }
    // a small archive: every year open to its issues, no year links
    expect(issueBrowserHtml('en', issueBrowserText('en'), before, 1, {})).not.toContain('<nav');
  });

  it('leaves a page without a browser as it is, and refuses a browser of another journal', () => {
    expect(composeIssueList('<main>news</main>', 'zh', after)).toBe('<main>news</main>');
    expect(composeIssueList(page('zh', before, 1, { journal: '9' }), 'zh', after)).toBeNull();
    expect(composeIssueList(`<p>${issueListOpen({ current: 1, composable: true })}<section>`, 'zh', after)).toBeNull();
  });

  it('escapes what it writes', () => {
    const html = issueBrowserHtml('en', { ...issueBrowserText('en'), heading: 'A & <B>' }, before, null, {
      q: 'a"b&c',
    });
    expect(html).toContain('<h2 id="issue-browser-heading">A &amp; &lt;B&gt;</h2>');
    expect(html).toContain('href="/en/issue/2024/2/?q=a%22b%26c"');
  });

  it('templates with the list alone (a back issue, the shell unchanged) change only the browser', () => {
    const path = '/en/issue/2023/1/';
    const withShell = (list: IssueList) =>
      `${openMark(SHELL_TOP, { path, at: path, detail: false, composable: true })}<header>menu</header>${closeMark(SHELL_TOP)}${page('en', list, 1)}${openMark(SHELL_BOTTOM)}<footer></footer>${closeMark(SHELL_BOTTOM)}`;
    expect(composePage(withShell(before), { version: 'v', pages: {}, issueList: after })).toBe(withShell(after));
    expect(composePage('<main>no marks</main>', { version: 'v', pages: {}, issueList: after })).toBe(
      '<main>no marks</main>',
    );
  });
});

describe('a year page', () => {
  const yearPage = (lang: 'zh' | 'en', years: number[], year: number, query: Record<string, string> = {}) =>
    `<main><h1>${year}</h1>${yearListOpen({ year, composable: Object.keys(query).length === 0 })}${yearListHtml(lang, dictionary(lang).pages.backIssues, years, year, query)}${yearListClose}</main>`;

  it('links a new year when served, its own year still current, as rendering it with that year gives', () => {
    for (const lang of ['zh', 'en'] as const) {
      const composed = composeIssueList(yearPage(lang, [2024, 2023], 2023), lang, after);
      expect(composed).toBe(yearPage(lang, [2025, 2024, 2023], 2023));
      expect(composed).toContain(`href="/${lang}/issue/2025/"`);
      expect(composed).toContain('<span aria-current="page">2023</span>');
    }
  });

  it("is left to rendering when it lists another journal's years", () => {
    expect(composeIssueList(yearPage('en', [2024, 2023], 2023, { journal: '7' }), 'en', after)).toBeNull();
  });
});
