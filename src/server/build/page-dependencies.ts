/**
 * Which prebuilt pages a change touches. Each page kind declares the data it shows:
 *   article/{id}/            that article, its issue (label, date), its journal
 *   issue/{y}/{i}/ (TOC)     that issue and its articles, its neighbours (previous/next links), and
 *                            the issues list (its issue browser, put in when served: site-update.ts)
 *   issue/, issue/{y}/       the issues list (and, for issue/, the latest issue; a year page's links
 *                            to the other years put in when served: src/lib/year-list.ts)
 *   home/                    the latest issue and its articles, online-first, the most-read ranking, news, albums, modules
 *   onlineFirst/, justAccepted/  the articles of that status
 *   ranking/                 the most-read ranking
 *   news/, newsInfo/…, newsDetails/{id}/  news
 *   collections/{id}/, collectionList/…   albums (an album's page lists its articles' titles; so does
 *                            the channel page that shows the album)
 *   editorial-board/…        the editorial boards
 *   info/{id}/, about/{id}/, {route or code}/  a menu item's own page body (a 'channel' change)
 *   sitemap.txt, sitemap.xml the list of pages (changes only when a page is added or removed)
 *   any page                 the articles it links (relation lists, cited-by, lists): recorded when
 *                            it is written, so a changed article renders every page linking it, on any site
 * The shell (theme colours and site CSS in the head, menu, header, footer, the menu's current and
 * past issue) is on every page: a change of it (menu edits included) is found by shellFingerprint
 * in site-update.ts, which renders the shell once and the pages showing shell data outside it. A
 * settings or journal change renders those pages too; when what it changed shows outside the
 * shell on every page (the site's name, journals: the fingerprint's outer hash), site-update.ts
 * declines and the whole site is rendered.
 * Routes are language-free ('article/12/'); the caller renders each in every language.
 */
import type { ContentChange } from '../store/changes.ts';

export type ArticleFacts = {
  periodId: number | null;
  publicationId: number;
  year: number | null;
  issue: number | null;
  status: string;
};

/** What the mapping needs to know about the site now (read once per pass by site-update.ts). */
export type SiteFacts = {
  /** the site's own journal: only its issues have prebuilt tables of contents */
  mainPublicationId: number | null;
  /** the newest issue of that journal (the home page and the menu show it) */
  latestPeriodId: number | null;
  /** each changed article as it is now (missing: it no longer exists) */
  articles: ReadonlyMap<number, ArticleFacts>;
  /** the articles of each changed issue */
  periodArticles: ReadonlyMap<number, readonly number[]>;
  /** articles shown in the most-read ranking (home and ranking/) */
  rankedArticleIds: ReadonlySet<number>;
  /** the page named by each changed channel's route, else its code ('guide/'); with article
   * changes, also of the channels whose pages show an album */
  channelRoutes?: ReadonlyMap<number, string>;
  /** the albums holding each changed article, with the channel that shows each album */
  articleAlbums?: ReadonlyMap<number, readonly { albumId: number; channelId: number | null }[]>;
  /** the issues of the site's own journal in order (either way): a table of contents links to its neighbours */
  mainIssues?: readonly { id: number; year: number; issue: number }[];
  /**
   * the site's pages that link a changed article of any site (relation lists, cited-by, lists of
   * articles), as the builder recorded them when it wrote them (src/server/store/page-links.ts)
   */
  linkingPages?: ReadonlySet<string>;
};

export type PagePlan = {
  /**
   * why the pages that show the site's settings outside the shell's parts (home, lists, channel
   * pages) are rendered again, and its fingerprint checked (null: only `routes`)
   */
  siteWide: string | null;
  /** routes to render again (those the site has prebuilt, and new ones listed) */
  routes: Set<string>;
  /** route prefixes whose every prebuilt page is rendered again ('issue/': every issue page) */
  prefixes: Set<string>;
  /**
   * routes whose place in the site's list of pages may have changed (an article, issue, year or
   * news item added, removed, moved or published): each is looked up, new ones rendered, gone ones
   * dropped, and the sitemaps that hold them rewritten
   */
  listing: Set<string>;
  /** pages were added or removed in a way the changes do not name: list the whole site again */
  relist: boolean;
};

const SHELL_KINDS = new Set(['settings', 'publication']);
/** kinds whose added or removed pages the changed ids name (issues: unless removed, see issuePages) */
const LISTED_ONE_BY_ONE = new Set(['article', 'issue', 'news']);

export function planPages(changes: readonly ContentChange[], facts: SiteFacts): PagePlan {
  const plan: PagePlan = {
    siteWide: null,
    routes: new Set(facts.linkingPages),
    prefixes: new Set(),
    listing: new Set(),
    relist: false,
  };
  const articlePages = (id: number) => {
    plan.routes.add(`article/${id}/`);
    plan.listing.add(`article/${id}/`);
    const article = facts.articles.get(id);
    if (!article) return;
    if (article.publicationId === facts.mainPublicationId && article.year !== null && article.issue !== null)
      plan.routes.add(`issue/${article.year}/${article.issue}/`);
    if (article.periodId !== null && article.periodId === facts.latestPeriodId) {
      plan.routes.add('home/');
      plan.routes.add('issue/');
    }
    if (article.status === 'online-first') plan.routes.add('onlineFirst/').add('home/');
    if (article.status === 'just-accepted') plan.routes.add('justAccepted/');
    if (facts.rankedArticleIds.has(id)) plan.routes.add('ranking/').add('home/');
    for (const album of facts.articleAlbums?.get(id) ?? []) {
      plan.routes.add(`collections/${album.albumId}/`);
      const channelPage = album.channelId === null ? undefined : facts.channelRoutes?.get(album.channelId);
      if (channelPage) plan.routes.add(channelPage);
    }
  };
  // The index and year pages list the issues; the browser on every table of contents gets the new
  // list when served, so only the changed issues' pages and their neighbours' are rendered.
  const issuePages = (periodIds: readonly number[], action: ContentChange['action']) => {
    const issues = facts.mainIssues;
    if (!issues) {
      plan.prefixes.add('issue/');
      if (action !== 'updated') plan.relist = true;
      return;
    }
    plan.routes.add('issue/');
    if (periodIds.length === 0) for (const issue of issues) plan.routes.add(`issue/${issue.year}/`);
    for (const periodId of periodIds) {
      const at = issues.findIndex((issue) => issue.id === periodId);
      const own = issues[at];
      // a year page lists its year's issues and links every year, the links put in when served
      // (year-list.ts): an added issue changes its own year's page only, even in a new year; an
      // issue changed (it may have moved from another year) or gone changes them all
      if (own && action === 'added') plan.routes.add(`issue/${own.year}/`);
      else for (const issue of issues) plan.routes.add(`issue/${issue.year}/`);
      // a removed issue's former neighbours (and its own page) are not known any more
      if (at < 0 && action === 'removed') {
        plan.prefixes.add('issue/');
        plan.relist = true;
      }
      if (own) plan.listing.add(`issue/${own.year}/${own.issue}/`).add(`issue/${own.year}/`);
      for (const issue of at < 0 ? [] : issues.slice(Math.max(0, at - 1), at + 2))
        plan.routes.add(`issue/${issue.year}/${issue.issue}/`);
    }
  };
  for (const change of changes) {
    if (change.action !== 'updated' && !LISTED_ONE_BY_ONE.has(change.kind)) plan.relist = true;
    if (SHELL_KINDS.has(change.kind)) {
      plan.siteWide ??= `${change.kind} changed`;
      continue;
    }
    switch (change.kind) {
      case 'article':
        for (const id of change.ids) articlePages(id);
        break;
      case 'issue':
        issuePages(change.ids, change.action);
        for (const periodId of change.ids) {
          if (periodId === facts.latestPeriodId) plan.routes.add('home/');
          for (const id of facts.periodArticles.get(periodId) ?? []) {
            plan.routes.add(`article/${id}/`);
            // an issue that came (or was published) brings its articles' pages
            if (change.action !== 'updated') plan.listing.add(`article/${id}/`);
          }
        }
        break;
      case 'news':
        plan.routes.add('home/').add('news/');
        plan.prefixes.add('newsInfo/');
        for (const id of change.ids) {
          plan.routes.add(`newsDetails/${id}/`);
          plan.listing.add(`newsDetails/${id}/`);
        }
        break;
      case 'album':
        plan.routes.add('home/');
        plan.prefixes.add('collections/').add('collectionList/');
        break;
      case 'board':
        plan.prefixes.add('editorial-board/');
        break;
      case 'channel':
        // only the item's own page shows its body; a route the site has not prebuilt is skipped
        for (const id of change.ids) {
          plan.routes.add(`info/${id}/`).add(`about/${id}/`);
          const own = facts.channelRoutes?.get(id);
          if (own) plan.routes.add(own);
        }
        break;
      case 'media':
        // media have no prebuilt page; an article's media come as a change of that article
        break;
    }
  }
  return plan;
}

/** The kind of a page, for the pass's counts: 'article', 'toc', 'issues' (index and year pages), else its first segment. */
export function pageKind(route: string): string {
  if (route.startsWith('article/')) return 'article';
  if (/^issue\/\d+\/\d+\/$/.test(route)) return 'toc';
  if (route.startsWith('issue/')) return 'issues';
  return route.split('/')[0] || 'other';
}
