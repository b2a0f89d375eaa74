/**
 * Always current: changes recorded by any process reach the prebuilt pages without a manual
 * rebuild. A title correction re-renders only that article's pages, its issue's table of
 * contents and the pages that list it (other articles' relation lists); a back issue re-renders the index and year pages, its own and its neighbours' tables of
 * contents (the others get the new list when served), its article and the sitemaps; an import run
 * by `npm run import` in another process shows on the prebuilt home page; the admin API reports
 * each pass; build folders left by a killed build are removed at start-up.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingAnswer } from '../../src/lib/console-answers.ts';
import { issueYearWindow } from '../../src/lib/issue-browser.ts';
import { pageKind } from '../../src/server/build/page-dependencies.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { listen } from '../../src/server/process.ts';
import { PREVIOUS_KEPT } from '../../src/server/static/site-folder.ts';
import { filesUnder } from '../../src/server/static/site-versions.ts';
import { recordChanges } from '../../src/server/store/changes.ts';
import { newIssueImport } from '../fixtures/new-issue-import.ts';
import { type Portal, requestVia, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

const run = promisify(execFile);
let portal: Portal;
let work: string;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}` };

beforeAll(async () => {
  portal = await startPortal({ articles: 200, prebuild: ['jmst'] });
  work = mkdtempSync(join(tmpdir(), 'live-updates-'));
}, 300_000);
afterAll(async () => {
  await portal?.close();
  rmSync(work, { recursive: true, force: true });
});

async function passStatus(): Promise<PublishingAnswer['pass']> {
  const response = await portal.request('jmst', '/_admin/rebuild/jmst', { headers: admin });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as PublishingAnswer).pass;
}

/** Polls until `check` holds (no fixed sleep: it returns as soon as it does). */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The next pass to finish after `since` (a finishedAt). */
const nextPass = (since: string | undefined) =>
  waitFor('a finished pass', async () => {
    const status = await passStatus();
    return status.running === null && status.last && status.last.finishedAt !== since ? status.last : null;
  });

async function siteFacts() {
  const source = createLocalSource(portal.db);
  const site = await source.findSiteBySld('jmst');
  if (!site) throw new Error('jmst is seeded');
  const publications = await source.listPublications(site.id);
  const shell = await source.getSiteShell(site.id);
  const publication = publications.find((p) => p.id === shell?.publicationConfig.publicationId) ?? publications[0];
  if (!publication) throw new Error('jmst has a journal');
  const periods = (await source.getPeriodTree(site.id, { publicationId: publication.id })).flatMap(
    (year) => year.periods,
  );
  return { source, site, publication, periods };
}

const liveFile = (path: string) => join(portal.sitesDir, 'jmst', path, 'index.html');

/** The URLs of the live sitemap.txt. */
const sitemapUrls = () =>
  new Set(
    readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );

/** The URLs of the files the live sitemap.xml (an index) lists. */
function sitemapXmlUrls(): Set<string> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  const index = readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.xml'), 'utf8');
  return new Set(
    locs(index).flatMap((url) =>
      locs(readFileSync(join(portal.sitesDir, 'jmst', new URL(url).pathname.slice(1)), 'utf8')),
    ),
  );
}

function importFile(name: string, body: unknown): string {
  const file = join(work, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

/** `npm run import -- file` in its own process, against the running server's database. */
async function importElsewhere(file: string): Promise<void> {
  await run(process.execPath, ['scripts/import.ts', file], {
    env: { ...process.env, DATABASE_PATH: portal.databasePath },
    cwd: process.cwd(),
  });
}

describe('live updates', () => {
  it('a title correction in an old issue re-renders that article, its table of contents and the pages that list it, in both languages, and nothing else', async () => {
    const { source, site, publication, periods } = await siteFacts();
    const ranked = new Set(
      (await source.rankArticles(site.id, { by: 'read', period: '1y', size: 20 })).map((entry) => entry.article.id),
    );
    // albums list their articles' titles (their pages render again too: tests/unit/page-dependencies.test.ts)
    const inAlbums = new Set(
      (
        portal.db.prepare("SELECT resource_id AS id FROM album_items WHERE resource_type = 'article'").all() as {
          id: number;
        }[]
      ).map((row) => row.id),
    );
    // every prebuilt page's HTML, to see which list an article (relation lists, cited-by)
    const pages = [...sitemapUrls()].map((url) => new URL(url).pathname);
    const html = new Map(pages.map((path) => [path, readFileSync(liveFile(path), 'utf8')]));
    const linking = (id: number) =>
      pages.filter(
        (path) =>
          !path.endsWith(`/article/${id}/`) &&
          new RegExp(`href="(/_site/[^/"]+)?/(zh|en)/article/${id}/`).test(html.get(path) ?? ''),
      );
    // an article with a DOI and a prebuilt page, in no album, in an issue that is neither the latest
    // nor the one before it, listed on another article's page
    let found: {
      period: (typeof periods)[number];
      article: { id: number; doi: string; title: string; publishedDate: string | null };
      others: number[];
      listedOn: string[];
    } | null = null;
    for (const candidate of periods.slice(2)) {
      if (found || !existsSync(liveFile(`zh/issue/${candidate.year}/${candidate.issue}`))) continue;
      const ids =
        (await source.getIssueToc(site.id, candidate.id, 0, 100))?.columns.flatMap((column) =>
          column.articles.map((a) => a.id),
        ) ?? [];
      for (const id of ids) {
        const detail = await source.getArticle(site.id, id);
        if (!detail?.doi || ranked.has(id) || inAlbums.has(id) || !existsSync(liveFile(`zh/article/${id}`))) continue;
        const listedOn = linking(id).filter(
          (path) => path !== `/${path.slice(1, 3)}/issue/${candidate.year}/${candidate.issue}/`,
        );
        if (!listedOn.some((path) => path.includes('/article/'))) continue;
        found = {
          period: candidate,
          article: { id, doi: detail.doi, title: detail.title, publishedDate: detail.publishedDate },
          others: ids.filter((other) => other !== id),
          listedOn,
        };
        break;
      }
    }
    if (!found) throw new Error('a prebuilt article with a DOI in an older issue, listed on another article page');
    const { period, article, listedOn } = found;
    const otherArticle = found.others
      .map((id) => ({ id }))
      .find((a) => existsSync(liveFile(`zh/article/${a.id}`)) && !listedOn.includes(`/zh/article/${a.id}/`));
    // the same words and one more: the article stays in the lists that hold it by its title's terms
    const title = `${article.title}（更正${Date.now().toString(36)}）`;
    const untouched = otherArticle ? readFileSync(liveFile(`zh/article/${otherArticle.id}`)) : null;
    const before = (await passStatus()).last?.finishedAt;
    const previousVersion = realpathSync(join(portal.sitesDir, 'jmst'));
    const passStarted = Date.now();

    await importElsewhere(
      importFile('correction.json', {
        site: { sld: 'jmst', name: site.name, enName: site.enName },
        articles: [
          {
            issn: publication.issn,
            period: { year: period.year, issue: period.issue },
            doi: article.doi,
            title,
            publishedDate: article.publishedDate ?? `${period.year}-01-01`,
          },
        ],
      }),
    );
    const pass = await nextPass(before);
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    // its own pages, its table of contents, and exactly the pages that listed it
    const expected: Record<string, number> = { article: 2, toc: 2 };
    for (const path of listedOn) {
      const kind = pageKind(path.replace(/^\/[^/]+\//, ''));
      expected[kind] = (expected[kind] ?? 0) + 1;
    }
    expect(pass.pages).toEqual(expected);

    for (const lang of ['zh', 'en']) {
      const page = await portal.request('jmst', `/${lang}/article/${article.id}/`);
      expect(page.headers['x-rendered'], 'served prebuilt').toBeUndefined();
      if (lang === 'zh') expect(page.body).toContain(title);
    }
    expect((await portal.request('jmst', `/zh/issue/${period.year}/${period.issue}/`)).body).toContain(title);
    // the pages that list it show its new title, prebuilt (those that still list it: its terms changed a little)
    let showing = 0;
    for (const path of listedOn.filter((p) => p.startsWith('/zh/'))) {
      const page = await portal.request('jmst', path);
      expect(page.headers['x-rendered'], `${path} served prebuilt`).toBeUndefined();
      if (page.body.includes(`/article/${article.id}/`)) {
        expect(page.body, path).toContain(title);
        showing++;
      }
    }
    expect(showing).toBeGreaterThan(0);
    // the issue's other articles were carried over, not rendered again
    if (otherArticle && untouched) expect(readFileSync(liveFile(`zh/article/${otherArticle.id}`))).toEqual(untouched);
    // the pass touched (wrote or linked) the files of what it rendered, not every file of the site
    const rendered = Object.values(expected).reduce((a, b) => a + b, 0);
    const version = realpathSync(join(portal.sitesDir, 'jmst'));
    const files = (await filesUnder(version)).map((file) => statSync(join(version, file)));
    const touched = files.filter((info) => info.ctimeMs >= passStarted - 1);
    expect(touched.length).toBeLessThanOrEqual(3 * rendered + 3);
    expect(files.length).toBeGreaterThan(100);
    // and it carried the list of pages, so the next pass need not list the folder's files
    expect(existsSync(join(version, '.pages'))).toBe(true);
    // the version it replaced still shows what it showed (no file shared with it was written through)
    expect(
      readFileSync(join(previousVersion, 'zh', 'article', String(article.id), 'index.html'), 'utf8'),
    ).not.toContain(title);
  }, 300_000);

  it("a back issue re-renders the index and its year's page, its own and its neighbours' tables of contents, its article and the sitemaps, not the home page", async () => {
    const { site, publication, periods } = await siteFacts();
    const third = periods[2];
    if (!third) throw new Error('three issues');
    const tocs = periods.filter((p) => existsSync(liveFile(`zh/issue/${p.year}/${p.issue}`))).length;
    const issuePages = readdirSync(join(portal.sitesDir, 'jmst', 'zh', 'issue'), { recursive: true }).filter((f) =>
      String(f).endsWith('index.html'),
    ).length;
    const title = `补发一期的文章${Date.now().toString(36)}`;
    const before = (await passStatus()).last?.finishedAt;
    await importElsewhere(
      importFile('back-issue.json', {
        site: { sld: 'jmst', name: site.name, enName: site.enName },
        periods: [
          {
            issn: publication.issn,
            year: third.year,
            volume: third.volume,
            issue: 0,
            publishDate: `${third.year}-01-01`,
          },
        ],
        articles: [
          {
            issn: publication.issn,
            period: { year: third.year, issue: 0 },
            doi: `10.9999/back.${Date.now()}`,
            title,
            publishedDate: `${third.year}-01-02`,
            authors: [{ name: '作者' }],
          },
        ],
      }),
    );
    const pass = await nextPass(before);
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    // the index and year pages list the issues; the other tables of contents get the new list in
    // their browser when served: only the new one's and its two neighbours' (their previous/next links)
    expect(pass.pages['toc']).toBe(2 * 3);
    // the index and the year the issue joined (its other year pages link the same years as before)
    expect(issuePages - tocs).toBeGreaterThan(2);
    expect(pass.pages['issues']).toBe(2 * 2);
    expect(pass.pages['article']).toBe(2);
    // the shell did not change (the current issue is the same): no home page, no shell pages
    expect(pass.pages['home'] ?? 0).toBe(0);
    // a prebuilt table of contents away from the new issue but among the years its browser lists,
    // not rendered in this pass
    const shown = issueYearWindow(
      periods.map((p) => p.year),
      third.year,
    );
    const older = periods
      .slice(5)
      .find((p) => p.year >= shown.from && p.year <= shown.to && existsSync(liveFile(`zh/issue/${p.year}/${p.issue}`)));
    if (!older) throw new Error('an older prebuilt issue');
    const served = (await portal.request('jmst', `/zh/issue/${older.year}/${older.issue}/`)).body;
    expect(served).toMatch(new RegExp(`<section class="issue-browser"[^]*href="/zh/issue/${third.year}/0/"`));
    expect(readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.txt'), 'utf8')).toContain(`/zh/issue/${third.year}/0/`);
    expect((await portal.request('jmst', `/zh/issue/${third.year}/0/`)).body).toContain(title);
  }, 300_000);

  it('an import in another process shows on the prebuilt home page by itself', async () => {
    const { site, publication, periods } = await siteFacts();
    const latest = periods[0];
    if (!latest) throw new Error('an issue');
    const title = `新一期的文章${Date.now().toString(36)}`;
    const sitemapBefore = sitemapUrls();
    await importElsewhere(
      importFile(
        'new-issue.json',
        newIssueImport({ site, issn: publication.issn, latest, doi: `10.9999/new.${Date.now()}`, title }),
      ),
    );
    const before = (await passStatus()).last?.finishedAt;
    const home = await waitFor(
      'the new issue on the prebuilt home page',
      async () => {
        const page = await portal.request('jmst', '/zh/home/');
        return page.headers['x-rendered'] === undefined && page.body.includes(title) ? page : null;
      },
      240_000,
    );
    expect(home.status).toBe(200);
    // the menu's current issue changed: the shell was rendered once, not every page (no old article)
    const pass = await nextPass(before);
    expect(pass).toMatchObject({ ok: true, kind: 'changes' });
    expect(pass.pages['article']).toBe(2);
    // what came is looked up from the changes (its article, issue and year, both languages), not
    // the whole site listed again
    expect(sitemapBefore.size).toBeGreaterThan(300);
    expect(pass.listed).toBeLessThanOrEqual(2 * 3);
    // the sitemaps hold the new issue's pages and still every old one, in sitemap.txt and in the
    // files sitemap.xml lists alike
    const sitemapAfter = sitemapUrls();
    const article = [...sitemapAfter].find((url) => /\/zh\/article\/\d+\/$/.test(url) && !sitemapBefore.has(url));
    expect(article, 'the new article in sitemap.txt').toBeDefined();
    expect((await portal.request('jmst', new URL(article ?? '/').pathname)).body).toContain(title);
    for (const path of ['/zh/issue/', '/en/issue/'].map((lang) => `${lang}${latest.year + 1}/1/`))
      expect(
        [...sitemapAfter].some((url) => url.endsWith(path)),
        path,
      ).toBe(true);
    expect([...sitemapBefore].filter((url) => !sitemapAfter.has(url))).toEqual([]);
    expect(sitemapAfter.size).toBe(sitemapBefore.size + 2 * 3);
    expect(sitemapXmlUrls()).toEqual(sitemapAfter);
  }, 300_000);

  it('coalesces a burst of 50 menu edits into a bounded few passes and shows the last name', async () => {
    const json = { ...admin, 'content-type': 'application/json' };
    const listed = JSON.parse(
      (await portal.request('jmst', '/_admin/sites/jmst/channels', { headers: admin })).body,
    ) as {
      channels: { id: number; parentId: number; code: string; enable: string }[];
    };
    const channel = listed.channels.find((c) => c.parentId === 0 && c.enable === '1' && c.code !== 'index');
    if (!channel) throw new Error('jmst has a menu');
    const before = (await passStatus()).finished;
    const stamp = Date.now().toString(36);
    for (let i = 1; i <= 50; i++) {
      const edited = await portal.request('jmst', `/_admin/sites/jmst/channels/${channel.id}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ name: `连发${stamp}第${i}次` }),
      });
      expect(edited.status).toBe(200);
    }
    await waitFor(
      'the last name on the prebuilt home page, nothing running',
      async () => {
        const page = await portal.request('jmst', '/zh/home/');
        const fresh = page.headers['x-rendered'] === undefined && page.body.includes(`连发${stamp}第50次`);
        return fresh && (await passStatus()).running === null;
      },
      240_000,
    );
    const after = (await passStatus()).finished;
    const passes = after.full - before.full + (after.changes - before.changes);
    expect(passes).toBeGreaterThanOrEqual(1);
    expect(passes).toBeLessThanOrEqual(3);
  }, 300_000);

  it('a page that fails to render, or data that cannot be read, leaves the previous version serving and is reported', async () => {
    const { source, site } = await siteFacts();
    const livePage = readdirSync(join(portal.sitesDir, 'jmst', 'zh', 'article')).find((name) =>
      existsSync(liveFile(`zh/article/${name}`)),
    );
    if (!livePage) throw new Error('a prebuilt article page');
    const id = Number(livePage);
    const periodId = (await source.getArticle(site.id, id))?.periodId;
    if (!periodId) throw new Error('the article is in an issue');
    const served = (await portal.request('jmst', `/zh/article/${id}/`)).body;
    const stillServed = async () => {
      const page = await portal.request('jmst', `/zh/article/${id}/`);
      expect(page.status).toBe(200);
      expect(page.headers['x-rendered'], 'served prebuilt').toBeUndefined();
      expect(page.body).toBe(served);
    };
    // a stored correction record that is not JSON: reading this article throws
    const bad = portal.db
      .prepare(
        "INSERT INTO content_versions (site_id, entity, entity_id, changed_at, changed_by, changes) VALUES (?, 'article', ?, ?, 'test', '{not json')",
      )
      .run(site.id, id, new Date().toISOString());
    try {
      // its issue changed: the pass renders the issue's articles, and this one's page fails
      let before = (await passStatus()).last?.finishedAt;
      await recordChanges(portal.db, [{ siteId: site.id, kind: 'issue', action: 'updated', ids: [periodId] }], 'test');
      const failedPage = await nextPass(before);
      expect(failedPage).toMatchObject({ ok: false, kind: 'changes' });
      expect(failedPage.failed.map((f) => f.path)).toContain(`/zh/article/${id}/`);
      expect(failedPage.failed.every((f) => f.problem.code === 'httpStatus' || f.problem.code === 'renderFailed')).toBe(
        true,
      );
      await stillServed();

      // the article itself changed: reading it to plan the pass fails, and that is reported too
      before = failedPage.finishedAt;
      await recordChanges(portal.db, [{ siteId: site.id, kind: 'article', action: 'updated', ids: [id] }], 'test');
      const failedPlan = await nextPass(before);
      expect(failedPlan).toMatchObject({ ok: false, kind: 'changes' });
      expect(failedPlan.problem).toEqual({ code: 'passFailed', params: {} });
      await stillServed();
    } finally {
      portal.db.prepare('DELETE FROM content_versions WHERE id = ?').run(bad.lastInsertRowid);
    }
  }, 300_000);

  it('removes half-written build folders at start-up, keeps a bounded number of versions, and the live one serving', async () => {
    const builds = join(portal.sitesDir, '.builds');
    const leftover = join(builds, 'jmst.killed-build');
    mkdirSync(join(leftover, 'zh', 'home'), { recursive: true });
    writeFileSync(join(leftover, 'zh', 'home', 'index.html'), 'half');
    // the marker of a build whose process was killed (no process has this pid)
    writeFileSync(join(leftover, '.building'), '999999999');
    const config = {
      ...loadConfig(process.env),
      port: 0,
      host: '127.0.0.1',
      databasePath: portal.databasePath,
      rcPubOrigin: undefined,
      sitesDir: portal.sitesDir,
    };
    const restarted = await listen({ config, db: portal.db, source: createLocalSource(portal.db) });
    try {
      expect(existsSync(leftover)).toBe(false);
      expect(readdirSync(builds).filter((name) => name.startsWith('jmst.')).length).toBeLessThanOrEqual(
        1 + PREVIOUS_KEPT,
      );
      const home = await requestVia(restarted.port, `jmst.localhost:${restarted.port}`, '/zh/home/');
      expect(home.status).toBe(200);
      expect(home.headers['x-rendered'], 'served prebuilt').toBeUndefined();
    } finally {
      await restarted.close();
    }
  });
});
