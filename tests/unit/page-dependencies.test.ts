/** The change → pages mapping: each page kind renders again only when data it shows changed. */
import { describe, expect, it } from 'vitest';
import { canonical } from '../../src/lib/routes.ts';
import { pageKind, planPages, type SiteFacts } from '../../src/server/build/page-dependencies.ts';
import type { ContentChange } from '../../src/server/store/changes.ts';

const facts = (extra: Partial<SiteFacts> = {}): SiteFacts => ({
  mainPublicationId: 1,
  latestPeriodId: 30,
  articles: new Map([
    [7, { periodId: 10, publicationId: 1, year: 2021, issue: 4, status: 'formal' }],
    [8, { periodId: 30, publicationId: 1, year: 2025, issue: 6, status: 'formal' }],
    [9, { periodId: null, publicationId: 1, year: null, issue: null, status: 'online-first' }],
    [11, { periodId: 40, publicationId: 2, year: 2024, issue: 1, status: 'formal' }],
  ]),
  periodArticles: new Map([[10, [7, 12]]]),
  rankedArticleIds: new Set(),
  ...extra,
});
const change = (kind: ContentChange['kind'], action: ContentChange['action'], ids: number[] = []): ContentChange => ({
  siteId: 1,
  kind,
  action,
  ids,
});
const plan = (changes: ContentChange[], f = facts()) => {
  const p = planPages(changes, f);
  return { siteWide: p.siteWide, routes: [...p.routes].sort(), prefixes: [...p.prefixes].sort(), relist: p.relist };
};
const listing = (changes: ContentChange[], f = facts()) => {
  const p = planPages(changes, f);
  return { listing: [...p.listing].sort(), relist: p.relist };
};

describe('planPages', () => {
  it("an item's page body: its own page only (info, about, or its route), never the whole site", () => {
    expect(plan([change('channel', 'updated', [21])], facts({ channelRoutes: new Map([[21, 'guide/']]) }))).toEqual({
      siteWide: null,
      routes: ['about/21/', 'guide/', 'info/21/'],
      prefixes: [],
      relist: false,
    });
  });

  it('a title correction in an old issue: the article and its table of contents only', () => {
    expect(plan([change('article', 'updated', [7])])).toEqual({
      siteWide: null,
      routes: ['article/7/', 'issue/2021/4/'],
      prefixes: [],
      relist: false,
    });
  });

  it('a title correction also renders the pages that link the article (their relation lists show its title)', () => {
    expect(
      plan([change('article', 'updated', [7])], facts({ linkingPages: new Set(['article/12/', 'article/40/']) }))
        .routes,
    ).toEqual(['article/12/', 'article/40/', 'article/7/', 'issue/2021/4/']);
    // a site whose pages only link another site's changed article renders just those pages
    expect(plan([], facts({ linkingPages: new Set(['article/3/']) }))).toEqual({
      siteWide: null,
      routes: ['article/3/'],
      prefixes: [],
      relist: false,
    });
  });

  it('an article of the latest issue is on the home page and the issue index too', () => {
    expect(plan([change('article', 'updated', [8])]).routes).toEqual([
      'article/8/',
      'home/',
      'issue/',
      'issue/2025/6/',
    ]);
  });

  it('an online-first article: its list and the home page; a ranked article: the ranking and the home page', () => {
    expect(plan([change('article', 'updated', [9])]).routes).toEqual(['article/9/', 'home/', 'onlineFirst/']);
    expect(plan([change('article', 'updated', [7])], facts({ rankedArticleIds: new Set([7]) })).routes).toEqual([
      'article/7/',
      'home/',
      'issue/2021/4/',
      'ranking/',
    ]);
  });

  it("another journal's issue has no prebuilt table of contents", () => {
    expect(plan([change('article', 'updated', [11])]).routes).toEqual(['article/11/']);
  });

  // the journal's issues, newest first as the period tree lists them
  const mainIssues = [
    { id: 30, year: 2025, issue: 6 },
    { id: 20, year: 2023, issue: 1 },
    { id: 10, year: 2021, issue: 4 },
    { id: 5, year: 2021, issue: 3 },
    { id: 4, year: 2021, issue: 2 },
  ];

  it('a new issue: the index and year pages, its own table of contents and its neighbours (not every one), its articles, its pages looked up (not the whole site listed)', () => {
    expect(plan([change('issue', 'added', [10]), change('article', 'added', [7])], facts({ mainIssues }))).toEqual({
      siteWide: null,
      routes: ['article/12/', 'article/7/', 'issue/', 'issue/2021/', 'issue/2021/3/', 'issue/2021/4/', 'issue/2023/1/'],
      prefixes: [],
      relist: false,
    });
    expect(listing([change('issue', 'added', [10]), change('article', 'added', [7])], facts({ mainIssues }))).toEqual({
      listing: ['article/12/', 'article/7/', 'issue/2021/', 'issue/2021/4/'],
      relist: false,
    });
  });

  it('an article or news item added, removed or changed is looked up by itself; other kinds added or removed list the site', () => {
    expect(listing([change('article', 'removed', [7]), change('article', 'updated', [9])])).toEqual({
      listing: ['article/7/', 'article/9/'],
      relist: false,
    });
    expect(listing([change('news', 'removed', [5])])).toEqual({ listing: ['newsDetails/5/'], relist: false });
    expect(listing([change('album', 'added', [2])]).relist).toBe(true);
    expect(listing([change('channel', 'removed', [2])]).relist).toBe(true);
  });

  it('a new issue in a year of its own: its own year page (the others get the year among their links when served); changed: every year page', () => {
    const newYear = [{ id: 31, year: 2026, issue: 1 }, ...mainIssues];
    const years = (changes: ContentChange[]) =>
      plan(changes, facts({ mainIssues: newYear })).routes.filter((route) => /^issue\/\d+\/$/.test(route));
    expect(years([change('issue', 'added', [31])])).toEqual(['issue/2026/']);
    expect(years([change('issue', 'updated', [10])])).toEqual([
      'issue/2021/',
      'issue/2023/',
      'issue/2025/',
      'issue/2026/',
    ]);
  });

  it("a removed issue's former neighbours are unknown: every issue page, and the site listed", () => {
    expect(plan([change('issue', 'removed', [99])], facts({ mainIssues })).prefixes).toEqual(['issue/']);
    expect(plan([change('issue', 'removed', [99])], facts({ mainIssues })).relist).toBe(true);
  });

  it('without the list of issues: every issue page', () => {
    expect(plan([change('issue', 'added', [10])]).prefixes).toEqual(['issue/']);
  });

  it('the latest issue changed: the home page too', () => {
    expect(plan([change('issue', 'updated', [30])]).routes).toContain('home/');
  });

  it('settings and journal changes render the pages showing site-wide data (the fingerprint decides about the rest)', () => {
    for (const kind of ['settings', 'publication'] as const)
      expect(plan([change('article', 'updated', [7]), change(kind, 'updated')]).siteWide).toMatch(kind);
  });

  it('a menu change alone renders no page by itself: the shell fingerprint decides (site-update.ts)', () => {
    expect(plan([change('article', 'updated', [7]), change('menu', 'updated')]).siteWide).toBeNull();
  });

  it('news, albums and boards: their pages and lists', () => {
    expect(plan([change('news', 'added', [5])])).toEqual({
      siteWide: null,
      routes: ['home/', 'news/', 'newsDetails/5/'],
      prefixes: ['newsInfo/'],
      relist: false,
    });
    expect(plan([change('album', 'updated', [2])])).toEqual({
      siteWide: null,
      routes: ['home/'],
      prefixes: ['collectionList/', 'collections/'],
      relist: false,
    });
    expect(plan([change('board', 'updated')]).prefixes).toEqual(['editorial-board/']);
  });

  it("an album's pages use the album page's own route", () => {
    const albumPage = canonical.collection('zh', 2).replace('/zh/', '');
    const { prefixes } = plan([change('album', 'updated', [2])]);
    expect(prefixes.some((prefix) => albumPage.startsWith(prefix))).toBe(true);
  });

  it("a title correction of an article in an album: the album's page and the channel page showing the album too", () => {
    const inAlbum = facts({
      articleAlbums: new Map([[7, [{ albumId: 25, channelId: 40 }]]]),
      channelRoutes: new Map([[40, 'conference/']]),
    });
    expect(plan([change('article', 'updated', [7])], inAlbum).routes).toEqual([
      'article/7/',
      'collections/25/',
      'conference/',
      'issue/2021/4/',
    ]);
  });

  it('names page kinds for the counts', () => {
    expect(['article/7/', 'issue/2021/4/', 'issue/2021/', 'issue/', 'home/', 'newsDetails/5/'].map(pageKind)).toEqual([
      'article',
      'toc',
      'issues',
      'issues',
      'home',
      'newsDetails',
    ]);
  });
});
