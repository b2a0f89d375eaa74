/**
 * Applies changes to a prebuilt site without rendering it all: the pages the changes touch
 * (page-dependencies.ts) are rendered into a new version of the site folder, every other file of
 * the live version is hard-linked into it (no copy, no render), and the folder is swapped in as a
 * full build is. A failed page discards the new version: the live one keeps serving.
 * The shell (menu, header, footer, the menu's issue links) is on every page. When only what its
 * marked parts show changed, the pass renders the shell once per language and variant into the
 * version's templates (the server composes them into the other pages when serving them) and
 * renders again only the pages that show shell data outside those parts (home, lists, channel
 * pages: not article, news, album or issue pages). When what the rest of a page shows of the site changed
 * (its journals' names, ISSNs and publishers, its address, its type), the caller renders the whole site instead.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { primaryOf } from '../../content/primary-publication.ts';
import type { ContentSource } from '../../content/source.ts';
import { articleDetailSchema, type Channel, type Publication, type Site } from '../../content/types.ts';
import { DEFAULT_RANKING_PERIOD, RANKING_SIZE } from '../../lib/constants.ts';
import { type IssueList, issueListOf } from '../../lib/issue-browser.ts';
import type { Lang } from '../../lib/lang.ts';
import { composePage, type ShellTemplate, type ShellTemplates, templateOf } from '../static/shell-compose.ts';
import { readShellTemplates, SHELL_TEMPLATES_FILE } from '../static/shell-regions.ts';
import { discardBuild, freshBuildFolder, liveFolder, swapIn } from '../static/site-folder.ts';
import {
  filesUnder,
  linkCopy,
  PAGES_FILE,
  pageFiles,
  pageKey,
  readPages,
  reuseVersion,
  writePages,
  writeVersion,
} from '../static/site-versions.ts';
import type { ContentChange } from '../store/changes.ts';
import { linksByRoute, routeOf } from './linked-articles.ts';
import { type ArticleFacts, type PagePlan, pageKind, type SiteFacts } from './page-dependencies.ts';
import { publicOrigin } from './public-origin.ts';
import type { RenderPool } from './render-pool.ts';
import { type LangPage, listedRoutes, listSitePages } from './site-pages.ts';
import { isSitemapFile, pagesOfSitemap, sitemapFiles, sitemapOf } from './sitemaps.ts';
import { writeWithTwins } from './write-page.ts';

/** The live version's shell fingerprint, kept beside its pages (hidden: never served). */
export const SHELL_FILE = '.shell';
const LINKS_IN_FLIGHT = 64;
const PAGE = 500;

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Everything the shell of a site's pages is made of, hashed: equal hashes, equal shells. Two
 * hashes, 'outer.all': what pages show of the site outside the shell's marked parts (name,
 * journals, the header's logo; not the theme's colours nor the site's own CSS, which are in the
 * head's marked part), then everything.
 */
export async function shellFingerprint(source: ContentSource, site: Site): Promise<string> {
  const shell = await source.getSiteShell(site.id);
  const publications = await source.listPublications(site.id);
  const main = primaryOf(shell, publications);
  const firstTwo = main === null ? [] : await source.getFirstTwoPeriods(site.id, main);
  const issueList = await mainIssueList(source, site, main);
  const topics = await source.listEditorialTopics(site.id);
  const firstExperts: (number | null)[] = [];
  for (const topic of topics)
    firstExperts.push((await source.listExperts(site.id, topic.id, 0, 1)).content[0]?.id ?? null);
  const search = [
    await source.getSearchConfig(site.id),
    await source.getSearchConditions(site.id, 'article'),
    await source.getSearchConditions(site.id, 'publication'),
  ];
  // the head's marked parts hold the theme's colours, the site's CSS, its name, keywords and logo
  // (site-meta.ts), and the footer its basic information (also shown on home and about pages,
  // which a shell change renders): the shell's, not the outer hash
  const outer = hash({
    site: outerSite(site),
    publications: publications.map(outerPublication),
    publicationConfig: shell?.publicationConfig,
  });
  return `${outer}.${hash({ site, shell, publications, firstTwo, topics, firstExperts, search })}.${hash(issueList)}`;
}

/** What pages show of the site itself outside the shell's marked parts. */
function outerSite(site: Site) {
  const {
    colour: _colour,
    colour1: _colour1,
    colour2: _colour2,
    colour3: _colour3,
    name: _name,
    enName: _enName,
    keywords: _keywords,
    enKeywords: _enKeywords,
    logo1Url: _logo,
    ...outer
  } = site;
  return outer;
}

/**
 * What article pages and tables of contents show of a journal (the article's own journal fields):
 * its other fields (cover, introduction, sponsor, editor…) show on home, journal and about pages,
 * which every shell change renders.
 */
const ARTICLE_JOURNAL_FIELDS = articleDetailSchema.shape.publication.keyof().options;
const outerPublication = (publication: Publication) =>
  Object.fromEntries(ARTICLE_JOURNAL_FIELDS.map((field) => [field, publication[field]]));

/** The issue list of the site's own journal now. */
async function currentIssueList(source: ContentSource, site: Site): Promise<IssueList> {
  return mainIssueList(
    source,
    site,
    primaryOf(await source.getSiteShell(site.id), await source.listPublications(site.id)),
  );
}

/** What the back-issue browser of the site's own journal lists (every table of contents shows it). */
async function mainIssueList(source: ContentSource, site: Site, main: number | null): Promise<IssueList> {
  return main === null ? [] : issueListOf(await source.getPeriodTree(site.id, { publicationId: main }));
}

const outerOf = (fingerprint: string) => fingerprint.split('.')[0] ?? '';
const shellOf = (fingerprint: string) => fingerprint.split('.')[1] ?? fingerprint;
/** the issue list's hash (absent from fingerprints written before the list was composed) */
const listOf = (fingerprint: string) => fingerprint.split('.')[2] ?? '';
/** the templates' version: shell and issue list (its first characters name it in ETags) */
const templatesVersionOf = (fingerprint: string) => hash([shellOf(fingerprint), listOf(fingerprint)]);

/**
 * Pages that show the shell only in its marked parts (issue pages read only the journal settings,
 * which the outer fingerprint covers): a shell change reaches them by composition.
 */
const COMPOSED_PAGE = /^\/[^/]+\/(article|newsDetails|collection|issue)\//;
const TEMPLATE_VARIANTS = ['page', 'detail'] as const;
const templatePath = (lang: Lang, variant: (typeof TEMPLATE_VARIANTS)[number]) => `/${lang}/shell-template/${variant}/`;

/** What planPages needs to know about the changed rows, read from the source now. */
export async function siteFacts(
  source: ContentSource,
  site: Site,
  changes: readonly ContentChange[],
): Promise<SiteFacts> {
  const shell = await source.getSiteShell(site.id);
  const mainPublicationId = primaryOf(shell, await source.listPublications(site.id));
  const latest = mainPublicationId === null ? [] : await source.getFirstTwoPeriods(site.id, mainPublicationId);
  const articles = new Map<number, ArticleFacts>();
  const periodArticles = new Map<number, number[]>();
  const mainIssues = changes.some((change) => change.kind === 'issue')
    ? (await mainIssueList(source, site, mainPublicationId)).flatMap((year) => year.periods)
    : undefined;
  for (const change of changes) {
    if (change.kind === 'article') {
      for (const id of change.ids) {
        if (articles.has(id)) continue;
        const article = await source.getArticle(site.id, id);
        if (article)
          articles.set(id, {
            periodId: article.periodId,
            publicationId: article.publicationId,
            year: article.year,
            issue: article.issue,
            status: article.status,
          });
      }
    }
    if (change.kind === 'issue') {
      for (const periodId of change.ids) {
        const ids: number[] = [];
        for (let page = 0; ; page++) {
          const toc = await source.getIssueToc(site.id, periodId, page, PAGE);
          const found = toc?.columns.flatMap((column) => column.articles.map((article) => article.id)) ?? [];
          ids.push(...found);
          if (found.length === 0 || ids.length >= (toc?.total ?? 0)) break;
        }
        periodArticles.set(periodId, ids);
      }
    }
  }
  const articleAlbums = new Map<number, { albumId: number; channelId: number | null }[]>();
  if (articles.size > 0) {
    // albums are few per site; their pages and their channel's page list the articles' titles
    for (const album of await source.listAlbums(site.id)) {
      if (album.itemCount === 0) continue;
      for (const item of (await source.getAlbum(site.id, album.id))?.items ?? []) {
        if (item.resourceType !== 'article' || !articles.has(item.resourceId)) continue;
        const held = articleAlbums.get(item.resourceId) ?? [];
        held.push({ albumId: album.id, channelId: album.channelId });
        articleAlbums.set(item.resourceId, held);
      }
    }
  }
  const channelRoutes = new Map<number, string>();
  if (changes.some((change) => change.kind === 'channel') || articleAlbums.size > 0) {
    const walk = (channels: readonly Channel[]): void => {
      for (const channel of channels) {
        channelRoutes.set(channel.id, `${encodeURIComponent(channel.route ?? channel.code)}/`);
        walk(channel.children);
      }
    };
    walk(shell?.channels ?? []);
  }
  const ranked = await source.rankArticles(site.id, {
    by: 'read',
    period: DEFAULT_RANKING_PERIOD,
    size: RANKING_SIZE * 2,
  });
  return {
    mainPublicationId,
    latestPeriodId: latest[0]?.id ?? null,
    articles,
    periodArticles,
    rankedArticleIds: new Set(ranked.map((entry) => entry.article.id)),
    channelRoutes,
    articleAlbums,
    ...(mainIssues ? { mainIssues } : {}),
  };
}

export type SiteUpdateSummary = {
  sld: string;
  /** pages rendered again, by kind (article, toc, issues, home, …; both languages counted) */
  pages: Record<string, number>;
  rendered: number;
  /** pages looked up to learn what was added or removed: those the changes name, or every page when the site was listed */
  listed: number;
  /** files of the live version carried over unchanged (hard links) */
  linked: number;
  sitemaps: boolean;
  /** the shell changed: its templates were rendered and the pages not rendered again get it when served */
  shell: boolean;
  seconds: number;
  /** where the pass's seconds went, by step (list, link, render, templates, check, sitemaps, swap) */
  steps: Record<string, number>;
  /** the articles each page it wrote links, by route */
  links: Map<string, Set<number>>;
  /** routes of pages it removed in every language */
  goneRoutes: string[];
};

export class SiteUpdateError extends Error {
  readonly failed: { path: string; reason: string }[];
  constructor(sld: string, failed: { path: string; reason: string }[]) {
    super(
      `site ${sld}: ${failed.length} page(s) failed to render, the previous version keeps serving: ${failed
        .slice(0, 5)
        .map((f) => `${f.path} (${f.reason})`)
        .join('; ')}`,
    );
    this.failed = failed;
  }
}

export type UpdateSiteOptions = {
  source: ContentSource;
  pool: RenderPool;
  sitesDir: string;
  baseDomain: string;
  recentYears: number;
  languages: readonly Lang[];
  now?: Date;
  onProgress?: (done: number, total: number) => void;
  /** throws when this process may no longer swap the site's folder (its render lease was lost) */
  beforeSwap?: () => Promise<void>;
};

const pageOfFile = (file: string): string | null => {
  const match = /^(.*\/)?index\.html(\.br|\.gz)?$/.exec(file);
  return match ? `/${match[1] ?? ''}` : null;
};
/** The sitemaps of a version (files at its root). */
const sitemapsIn = async (folder: string) => (await readdir(folder)).filter(isSitemapFile);
const routeOfPage = (path: string) => path.replace(/^\/[^/]+\//, '');
const withTwins = (file: string) => [file, `${file}.br`, `${file}.gz`];

/**
 * Renders the pages `plan` names into a new version of the site and swaps it in. Null when the
 * site has no live version or its shell changed: the caller then builds the whole site.
 */
export async function updateSite(
  site: Site,
  plan: PagePlan,
  fingerprint: string,
  options: UpdateSiteOptions,
): Promise<SiteUpdateSummary | null> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  let lap = started;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (steps[name] ?? 0) + (now - lap) / 1000;
    lap = now;
  };
  const live = await liveFolder(options.sitesDir, site.sld);
  if (!live) return null;
  const liveFingerprint = await readFile(join(live, SHELL_FILE), 'utf8').catch(() => null);
  if (liveFingerprint === null || !liveFingerprint.includes('.')) return null;
  if (outerOf(liveFingerprint) !== outerOf(fingerprint)) return null;
  const shellChanged = shellOf(liveFingerprint) !== shellOf(fingerprint);
  // the journal's issues alone (a back issue): new templates with the list, no shell render
  const listChanged = !shellChanged && listOf(liveFingerprint) !== listOf(fingerprint);

  // a version written before the list of pages was kept: its files say which pages it has
  const livePages =
    (await readPages(live)) ??
    new Set((await filesUnder(live)).map(pageOfFile).filter((page): page is string => page !== null && page !== '/'));
  const listOptions = {
    recentYears: options.recentYears,
    languages: options.languages,
    ...(options.now ? { now: options.now } : {}),
  };
  // pages the site lists now that the live version lacks (paths), and live pages it no longer lists
  const added = new Set<string>();
  const removed: string[] = [];
  let listed: LangPage[] | null = null;
  let lookedUp: number;
  if (plan.relist) {
    listed = await listSitePages(options.source, site, listOptions);
    lookedUp = listed.length;
    const listedKeys = new Set(listed.map((page) => pageKey(page.path) ?? page.path));
    for (const page of listed) if (!livePages.has(pageKey(page.path) ?? page.path)) added.add(page.path);
    for (const page of livePages) if (!listedKeys.has(page)) removed.push(page);
  } else {
    // only the pages the changes name can have come or gone: each looked up, not the whole site listed
    const now = await listedRoutes(options.source, site, plan.listing, listOptions);
    lookedUp = plan.listing.size * options.languages.length;
    for (const lang of options.languages)
      for (const route of plan.listing) {
        const path = `/${lang}/${route}`;
        if (now.has(route) && !livePages.has(path)) added.add(path);
        if (!now.has(route) && livePages.has(path)) removed.push(path);
      }
  }
  const known = (path: string) => livePages.has(path) || added.has(path);

  const render = new Set<string>();
  for (const lang of options.languages) {
    for (const route of plan.routes) if (known(`/${lang}/${route}`)) render.add(`/${lang}/${route}`);
    for (const prefix of plan.prefixes)
      for (const path of [...livePages, ...added]) if (path.startsWith(`/${lang}/${prefix}`)) render.add(path);
  }
  for (const path of added) render.add(path);
  if (shellChanged || plan.siteWide !== null)
    for (const path of [...livePages, ...added]) if (!COMPOSED_PAGE.test(path)) render.add(path);
  for (const path of removed) render.delete(path);
  const replaced = new Set([...render, ...removed]);
  step('list');

  // the sitemaps: only the files that hold a page added or removed, sitemap.txt and the index; all
  // of them when the live version's are not of this layout (no sitemap-0.xml) or it has none
  const sitemapsChange = added.size > 0 || removed.length > 0;
  const liveSitemap = sitemapsChange
    ? await readFile(join(live, 'sitemap-0.xml'), 'utf8')
        .then(() => readFile(join(live, 'sitemap.txt'), 'utf8'))
        .catch(() => null)
    : null;
  const touchedSitemaps =
    liveSitemap === null ? null : new Set([...added, ...removed].map((path) => sitemapOf(routeOfPage(path))));
  const sitemapFilesChanged = !sitemapsChange
    ? []
    : touchedSitemaps === null
      ? await sitemapsIn(live)
      : ['sitemap.txt', 'sitemap.xml', ...touchedSitemaps].flatMap(withTwins);
  // files of this version that differ from the live one (pages replaced or removed, sitemaps, the fingerprint)
  const changed = new Set<string>([SHELL_FILE, SHELL_TEMPLATES_FILE, PAGES_FILE, ...sitemapFilesChanged]);
  for (const page of replaced) for (const file of pageFiles(page)) changed.add(file);
  const reused = await reuseVersion(options.sitesDir, site.sld, live);
  const folder = reused?.folder ?? (await freshBuildFolder(options.sitesDir, site.sld));
  try {
    let linked = reused?.caughtUp ?? 0;
    const templatesKept = !shellChanged && !listChanged;
    if (reused) {
      // its files are links shared with other versions: what this pass writes is removed first
      // (the list of pages is replaced only if it changes, and writePages removes it first)
      const drop = [...changed].filter(
        (file) => file !== PAGES_FILE && !(templatesKept && file === SHELL_TEMPLATES_FILE),
      );
      for (let i = 0; i < drop.length; i += LINKS_IN_FLIGHT)
        await Promise.all(drop.slice(i, i + LINKS_IN_FLIGHT).map((file) => rm(join(folder, file), { force: true })));
    } else {
      linked = await linkCopy(live, folder, (file) => {
        if (file === SHELL_TEMPLATES_FILE) return !templatesKept;
        if (file === SHELL_FILE) return true;
        const page = pageOfFile(file);
        if (page !== null && replaced.has(page)) return true;
        return isSitemapFile(file) && changed.has(file);
      });
    }
    step('link');
    const paths = [...render];
    // the shell templates ride along with the pages: one trip through the pool, not two
    const templatePaths = shellChanged ? templatePathsOf(options.languages) : [];
    const total = paths.length + templatePaths.length;
    options.onProgress?.(0, total);
    const origin = publicOrigin(site, options.baseDomain);
    const result = total
      ? await options.pool.run({ site, origin, paths: [...paths, ...templatePaths], outDir: folder }, (done) =>
          options.onProgress?.(done, total),
        )
      : { written: 0, skipped: [], failed: [], links: [] };
    if (result.failed.length > 0) throw new SiteUpdateError(site.sld, result.failed);
    step('render');
    if (shellChanged || listChanged) {
      const templates = shellChanged
        ? await readTemplates(site, folder, templatesVersionOf(fingerprint), result.skipped, options)
        : {
            version: templatesVersionOf(fingerprint),
            // the live version's shell parts are still current; none: its pages have the current shell
            pages: (await readShellTemplates(live))?.pages ?? {},
            issueList: await currentIssueList(options.source, site),
          };
      step('templates');
      const alike = await composesAlike(
        folder,
        paths,
        [...livePages].filter((page) => !replaced.has(page)),
        templates,
      );
      step('check');
      if (!alike) {
        await discardBuild(folder);
        return null;
      }
      await writeFile(join(folder, SHELL_TEMPLATES_FILE), JSON.stringify(templates));
    }
    if (sitemapsChange) {
      const skipped = new Set(result.skipped);
      const gone = new Set(removed);
      const kept = (page: LangPage) => !gone.has(pageKey(page.path) ?? page.path) && !gone.has(page.path);
      const pages =
        liveSitemap === null
          ? (listed ?? (await listSitePages(options.source, site, listOptions))).filter(
              (page) => kept(page) && !skipped.has(page.path) && (added.has(page.path) || livePages.has(page.path)),
            )
          : [
              ...pagesOfSitemap(origin, liveSitemap).filter(kept),
              ...[...added]
                .filter((path) => !skipped.has(path))
                .flatMap((path): LangPage[] => {
                  const lang = options.languages.find((l) => path.startsWith(`/${l}/`));
                  return lang ? [{ lang, path, route: routeOfPage(path) }] : [];
                }),
            ];
      for (const [name, content] of Object.entries(sitemapFiles(origin, pages, touchedSitemaps ?? undefined))) {
        // robots.txt names only the origin, which a pass never changes
        if (name === 'robots.txt') continue;
        await rm(join(folder, name), { force: true });
        await writeWithTwins(join(folder, name), Buffer.from(content));
      }
      for (const file of await sitemapsIn(folder)) if (touchedSitemaps === null) changed.add(file);
    }
    step('sitemaps');
    const skipped = new Set(result.skipped);
    const dropped = new Set([...removed, ...paths.filter((path) => skipped.has(path))]);
    const newPages = paths.flatMap((path) => {
      const page = pageKey(path);
      return page !== null && !skipped.has(path) && !livePages.has(page) ? [page] : [];
    });
    if (newPages.length > 0 || [...dropped].some((path) => livePages.has(path)))
      await writePages(folder, [...[...livePages].filter((page) => !dropped.has(page)), ...newPages]);
    await rm(join(folder, SHELL_FILE), { force: true });
    await writeFile(join(folder, SHELL_FILE), fingerprint);
    await writeVersion(folder, live.slice(live.lastIndexOf('/') + 1), changed);
    await options.beforeSwap?.();
    await swapIn(options.sitesDir, site.sld, folder);
    step('swap');
    const templatePathSet = new Set(templatePaths);
    const links = linksByRoute(result.links, (path) => templatePathSet.has(path));
    const goneRoutes = [...new Set(removed.map((path) => routeOf(path).route))].filter((route) => !links.has(route));
    const pages: Record<string, number> = {};
    for (const path of paths) {
      const kind = pageKind(path.replace(/^\/[^/]+\//, ''));
      pages[kind] = (pages[kind] ?? 0) + 1;
    }
    return {
      sld: site.sld,
      pages,
      rendered: result.written - templatePaths.length,
      listed: lookedUp,
      linked,
      sitemaps: sitemapsChange,
      shell: shellChanged,
      seconds: (performance.now() - started) / 1000,
      steps,
      links,
      goneRoutes,
    };
  } catch (error) {
    await discardBuild(folder);
    throw error;
  }
}

const templatePathsOf = (languages: readonly Lang[]) =>
  languages.flatMap((lang) => TEMPLATE_VARIANTS.map((variant) => templatePath(lang, variant)));

/** The shell rendered once per language and variant into the new version, kept as its templates. */
async function readTemplates(
  site: Site,
  folder: string,
  version: string,
  skipped: readonly string[],
  options: UpdateSiteOptions,
): Promise<ShellTemplates> {
  const missing = templatePathsOf(options.languages).filter((path) => skipped.includes(path));
  if (missing.length > 0)
    throw new SiteUpdateError(
      site.sld,
      missing.map((path) => ({ path, reason: 'the shell template was not rendered' })),
    );
  const pages: ShellTemplates['pages'] = {};
  for (const lang of options.languages) {
    const variants: Partial<Record<(typeof TEMPLATE_VARIANTS)[number], ShellTemplate>> = {};
    for (const variant of TEMPLATE_VARIANTS) {
      const html = await readFile(join(folder, templatePath(lang, variant), 'index.html'), 'utf8');
      const template = templateOf(html);
      if (!template)
        throw new SiteUpdateError(site.sld, [{ path: templatePath(lang, variant), reason: 'no shell marks' }]);
      variants[variant] = template;
    }
    if (variants.page && variants.detail) pages[lang] = { page: variants.page, detail: variants.detail };
  }
  for (const lang of options.languages)
    await rm(join(folder, lang, 'shell-template'), { recursive: true, force: true });
  return { version, pages, issueList: await currentIssueList(options.source, site) };
}

/** pages checked per kind: the templates are the same for every page of a kind, a few find a misfit */
const SAMPLE_RENDERED = 4;
const SAMPLE_CARRIED = 8;

/** The first `per` paths of each page kind. */
function samplePerKind(paths: Iterable<string>, per: number): string[] {
  const seen = new Map<string, number>();
  const chosen: string[] = [];
  for (const path of paths) {
    const kind = pageKind(path.replace(/^\/[^/]+\//, ''));
    const count = seen.get(kind) ?? 0;
    if (count >= per) continue;
    seen.set(kind, count + 1);
    chosen.push(path);
  }
  return chosen;
}

/**
 * The templates put into a page must give what rendering it gives: checked on a few pages of each
 * kind this pass rendered (composing a fresh page changes nothing), and on a few carried pages of
 * each kind (they must compose at all). False: the shell cannot be composed here; render the whole site.
 */
async function composesAlike(
  folder: string,
  rendered: readonly string[],
  pages: readonly string[],
  templates: ShellTemplates,
): Promise<boolean> {
  for (const path of samplePerKind(rendered, SAMPLE_RENDERED)) {
    const html = await readFile(join(folder, path, 'index.html'), 'utf8').catch(() => null);
    if (html === null) continue;
    const composed = composePage(html, templates);
    if (composed !== null && composed !== html) return false;
  }
  const carried = pages.filter((page) => COMPOSED_PAGE.test(page));
  for (const page of samplePerKind(carried, SAMPLE_CARRIED)) {
    if (composePage(await readFile(join(folder, page, 'index.html'), 'utf8'), templates) === null) return false;
  }
  return true;
}
