/**
 * The shell reaches every page without rendering every page: a menu rename through the admin API
 * shows on a prebuilt article page (composed when served, its file untouched) and on a page
 * rendered on demand together, the pass rendering no article page; a new issue changes the menu's
 * current-issue link on every page and the back-issue browser of every table of contents, the pass
 * rendering only the new issue's articles and tables of contents; a footer change renders no article
 * or table of contents; a theme colour change or a site rename renders no more than those pages,
 * every page showing the new colour or name (its title and meta tags); composed pages are byte for byte what rendering them gives, for several kinds in
 * both languages.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_PRESETS, themeCss } from '../../src/lib/theme.ts';
import type { PassStatus } from '../../src/server/build/pass-status.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { newIssueImport } from '../fixtures/new-issue-import.ts';
import { type Portal, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

const run = promisify(execFile);
let portal: Portal;
let work: string;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };
// a crawler's User-Agent: no page view is counted, so the footer's visit counts stay equal
const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; equality-bot)' };

beforeAll(async () => {
  portal = await startPortal({ articles: 60, prebuild: ['jmst'] });
  work = mkdtempSync(join(tmpdir(), 'shell-live-'));
}, 300_000);
afterAll(async () => {
  await portal?.close();
  rmSync(work, { recursive: true, force: true });
});

async function passStatus(): Promise<PassStatus> {
  const response = await portal.request('jmst', '/_admin/rebuild/jmst', { headers: admin });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as { pass: PassStatus }).pass;
}

/** Polls until `check` holds (no fixed sleep: it returns as soon as it does). */
async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const nextPass = (since: string | undefined) =>
  waitFor('a finished pass', async () => {
    const status = await passStatus();
    return status.running === null && status.last && status.last.finishedAt !== since ? status.last : null;
  });

/** `npm run import` of `body` in its own process, as an editor runs it, and the pass it causes. */
async function importAndPass(name: string, body: unknown) {
  const file = join(work, name);
  writeFileSync(file, JSON.stringify(body));
  const since = (await passStatus()).last?.finishedAt;
  await run(process.execPath, ['scripts/import.ts', file], {
    env: { ...process.env, DATABASE_PATH: portal.databasePath },
    cwd: process.cwd(),
  });
  return nextPass(since);
}

const prebuiltPaths = () =>
  readFileSync(join(portal.sitesDir, 'jmst', 'sitemap.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((url) => new URL(url).pathname);
const liveFile = (path: string) => readFileSync(join(portal.sitesDir, 'jmst', path, 'index.html'), 'utf8');

/** The page served prebuilt, and the same page rendered on demand (a query the prebuilt copy cannot answer). */
async function servedAndRendered(path: string) {
  const served = await portal.request('jmst', path, { headers: crawler });
  const rendered = await portal.request('jmst', `${path}?shell-check=1`, { headers: crawler });
  expect(served.headers['x-rendered'], path).toBeUndefined();
  expect(rendered.headers['x-rendered'], path).toBe('on-demand');
  return { served: served.body, rendered: rendered.body };
}

describe('the shell on every page', () => {
  it('a menu rename reaches a prebuilt article page and an on-demand page together, rendering no article page', async () => {
    const listed = await portal.request('jmst', '/_admin/sites/jmst/channels', { headers: admin });
    const { channels } = JSON.parse(listed.body) as {
      channels: { id: number; parentId: number; code: string; name: string | null; enable: string }[];
    };
    const article = prebuiltPaths().find((path) => /^\/zh\/article\/\d+\/$/.test(path));
    if (!article) throw new Error('a prebuilt article page');
    const before = liveFile(article);
    const target = channels.find(
      (c) => c.enable === '1' && c.parentId === 0 && c.code !== 'index' && c.name && before.includes(`>${c.name}<`),
    );
    if (!target?.name) throw new Error('a top-level menu item on the article page');
    const newName = `改名的栏目${Date.now().toString(36)}`;
    const since = (await passStatus()).last?.finishedAt;

    const renamed = await portal.request('jmst', `/_admin/sites/jmst/channels/${target.id}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ name: newName }),
    });
    expect(renamed.status, renamed.body).toBe(200);
    const pass = await nextPass(since);
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    expect(pass.pages['article'] ?? 0).toBe(0);
    expect(pass.pages['toc'] ?? 0).toBe(0);
    expect(pass.pages['home']).toBe(2);

    const { served, rendered } = await servedAndRendered(article);
    expect(served).toContain(`>${newName}<`);
    expect(rendered).toContain(`>${newName}<`);
    expect(served).not.toContain(`>${target.name}<`);
    // the article's file was not written again: the server put the new shell into it
    expect(liveFile(article)).toContain(`>${target.name}<`);
    expect(served).toBe(rendered);
  }, 300_000);

  it('composed pages are what rendering them gives, for several kinds in both languages', async () => {
    const paths = prebuiltPaths();
    const chosen = [
      paths.find((path) => /^\/zh\/article\/\d+\/$/.test(path)),
      paths.filter((path) => /^\/en\/article\/\d+\/$/.test(path)).at(-1),
      paths.find((path) => /^\/zh\/newsDetails\/\d+\/$/.test(path)),
      paths.find((path) => /^\/en\/newsDetails\/\d+\/$/.test(path)),
      paths.find((path) => /^\/en\/collection\//.test(path)),
      paths.find((path) => /^\/zh\/issue\/\d+\/\d+\/$/.test(path)),
      '/zh/home/',
      '/en/issue/',
    ].filter((path): path is string => path !== undefined);
    expect(chosen.length).toBeGreaterThanOrEqual(5);
    for (const path of chosen) {
      const { served, rendered } = await servedAndRendered(path);
      expect(served, path).toBe(rendered);
    }
  }, 120_000);

  it("a new issue changes the menu's current-issue link on every page, rendering only its own articles", async () => {
    const source = createLocalSource(portal.db);
    const site = await source.findSiteBySld('jmst');
    const shell = site ? await source.getSiteShell(site.id) : null;
    const publication = site
      ? (await source.listPublications(site.id)).find((p) => p.id === shell?.publicationConfig.publicationId)
      : undefined;
    if (!site || !publication) throw new Error('jmst and its journal');
    const latest = (await source.getPeriodTree(site.id, { publicationId: publication.id }))[0]?.periods[0];
    if (!latest) throw new Error('an issue');
    const article = prebuiltPaths().find((path) => /^\/en\/article\/\d+\/$/.test(path));
    if (!article) throw new Error('a prebuilt article page');
    const newIssue = `/en/issue/${latest.year + 1}/1/`;
    expect((await portal.request('jmst', article)).body).not.toContain(`href="${newIssue}"`);
    const pass = await importAndPass(
      'new-issue.json',
      newIssueImport({
        site,
        issn: publication.issn,
        latest,
        doi: `10.9999/shell.${Date.now()}`,
        title: `新一期${Date.now().toString(36)}`,
      }),
    );
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    // the new article in both languages, and no other article page
    expect(pass.pages['article']).toBe(2);
    // the new table of contents and the one before it (its next link), both languages: not every one
    expect(pass.pages['toc']).toBe(4);
    // the issue index and the new year's page, both languages: the other year pages get the new
    // year among their links when served
    expect(pass.pages['issues']).toBe(4);
    const lastYear = await servedAndRendered(`/en/issue/${latest.year}/`);
    expect(lastYear.served).toMatch(
      new RegExp(`<nav class="year-issues__years"[^]*href="/en/issue/${latest.year + 1}/"[^]*</nav>`),
    );
    expect(lastYear.served).toBe(lastYear.rendered);
    const { served, rendered } = await servedAndRendered(article);
    expect(served).toContain(`href="${newIssue}"`);
    expect(served).toBe(rendered);
    // an older table of contents of the year before, not rendered again, lists the new issue in its
    // back-issue browser; one years away names the new year among its year links, not its issues
    const neighbour = `/en/issue/${latest.year}/${latest.issue}/`;
    const tocOf = (path: string) => /^\/en\/issue\/(\d+)\/\d+\/$/.exec(path)?.[1];
    const oldToc = prebuiltPaths().find(
      (path) => tocOf(path) === String(latest.year) && path !== newIssue && path !== neighbour,
    );
    if (!oldToc) throw new Error('an older table of contents');
    expect(liveFile(oldToc)).not.toContain(`href="${newIssue}"`);
    const toc = await servedAndRendered(oldToc);
    expect(toc.served).toMatch(new RegExp(`<section class="issue-browser"[^]*href="${newIssue}"[^]*</section>`));
    expect(toc.served).toBe(toc.rendered);
    const farToc = prebuiltPaths().find((path) => Number(tocOf(path) ?? latest.year) < latest.year - 2);
    if (!farToc) throw new Error('a table of contents years before');
    const far = await servedAndRendered(farToc);
    expect(far.served).toMatch(
      new RegExp(`<section class="issue-browser"[^]*href="/en/issue/${latest.year + 1}/"[^]*</section>`),
    );
    expect(/<section class="issue-browser"[\s\S]*?<\/section>/.exec(far.served)?.[0]).not.toContain(
      `href="${newIssue}"`,
    );
    expect(far.served).toBe(far.rendered);
  }, 300_000);

  it('a footer change (settings) re-renders the pages showing site data, no article or table of contents', async () => {
    const source = createLocalSource(portal.db);
    const site = await source.findSiteBySld('jmst');
    if (!site) throw new Error('jmst');
    const phone = `010-${Date.now().toString().slice(-8)}`;
    const pass = await importAndPass('footer.json', {
      site: { sld: 'jmst', name: site.name, enName: site.enName, footer: { phone } },
    });
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    expect(pass.pages['article'] ?? 0).toBe(0);
    expect(pass.pages['toc'] ?? 0).toBe(0);
    expect(pass.pages['home']).toBe(2);
    const article = prebuiltPaths().find((path) => /^\/zh\/article\/\d+\/$/.test(path));
    if (!article) throw new Error('a prebuilt article page');
    const { served, rendered } = await servedAndRendered(article);
    expect(served).toContain(phone);
    expect(served).toBe(rendered);
  }, 300_000);
  it('a theme colour change renders only the pages showing site data, and every page shows the new colour', async () => {
    const source = createLocalSource(portal.db);
    const site = await source.findSiteBySld('jmst');
    if (!site) throw new Error('jmst');
    const colour = site.colour === 3 ? 4 : 3;
    const primary = THEME_PRESETS[colour]?.primary;
    if (!primary) throw new Error('a preset');
    const pass = await importAndPass('colour.json', {
      site: { sld: 'jmst', name: site.name, enName: site.enName, colour },
    });
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    // the pages that show site data outside the shell's parts, the same count as a footer change:
    // no article, table of contents, news or album page
    const paths = prebuiltPaths();
    const rendered = Object.values(pass.pages).reduce((a, b) => a + b, 0);
    expect(pass.pages['article'] ?? 0).toBe(0);
    expect(pass.pages['toc'] ?? 0).toBe(0);
    expect(pass.pages['newsDetails'] ?? 0).toBe(0);
    expect(rendered).toBeLessThan(paths.length / 4);
    // every page, prebuilt, shows the new colour (composed when served) and none the old one
    const old = themeCss(site);
    for (const path of paths) {
      const page = await portal.request('jmst', path, { headers: crawler });
      expect(page.status, path).toBe(200);
      expect(page.headers['x-rendered'], path).toBeUndefined();
      expect(page.body, path).toContain(`--theme-primary: ${primary};`);
      expect(page.body, path).not.toContain(old);
    }
    for (const path of [paths.find((p) => /^\/zh\/article\/\d+\/$/.test(p)), '/en/home/']) {
      if (!path) continue;
      const { served, rendered: onDemand } = await servedAndRendered(path);
      expect(served).toBe(onDemand);
    }
  }, 300_000);

  it("a site rename renders only the pages showing site data, and every page's title and meta tags name the new name", async () => {
    const source = createLocalSource(portal.db);
    const site = await source.findSiteBySld('jmst');
    if (!site) throw new Error('jmst');
    const name = `${site.name}（新）`;
    const enName = `${site.enName} (renamed)`;
    const pass = await importAndPass('rename.json', { site: { sld: 'jmst', name, enName } });
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    const paths = prebuiltPaths();
    const rendered = Object.values(pass.pages).reduce((a, b) => a + b, 0);
    expect(pass.pages['article'] ?? 0).toBe(0);
    expect(pass.pages['toc'] ?? 0).toBe(0);
    expect(rendered).toBeLessThan(paths.length / 4);
    for (const path of paths) {
      const page = await portal.request('jmst', path, { headers: crawler });
      expect(page.status, path).toBe(200);
      expect(page.headers['x-rendered'], path).toBeUndefined();
      const wanted = path.startsWith('/en/') ? enName : name;
      expect(page.body, path).toContain(`<meta property="og:site_name" content="${wanted}">`);
      expect(/<title>([^<]*)<\/title>/.exec(page.body)?.[1]?.endsWith(wanted), path).toBe(true);
    }
    for (const path of [paths.find((p) => /^\/en\/article\/\d+\/$/.test(p)), '/zh/home/']) {
      if (!path) continue;
      const { served, rendered: onDemand } = await servedAndRendered(path);
      expect(served).toBe(onDemand);
    }
  }, 300_000);

  it("a journal's introduction changes its about page without rendering any article or table of contents", async () => {
    const source = createLocalSource(portal.db);
    const site = await source.findSiteBySld('jmst');
    if (!site) throw new Error('jmst');
    const [journal] = await source.listPublications(site.id);
    if (!journal?.issn) throw new Error('a journal with an ISSN');
    const introduction = `<p>本刊新简介 ${Date.now()}</p>`;
    const pass = await importAndPass('journal.json', {
      site: { sld: 'jmst', name: site.name, enName: site.enName },
      publications: [{ issn: journal.issn, name: journal.name, enName: journal.enName, introduction }],
    });
    expect(pass).toMatchObject({ ok: true, kind: 'changes', failed: [] });
    expect(pass.pages['article'] ?? 0).toBe(0);
    expect(pass.pages['toc'] ?? 0).toBe(0);
    const about = `/zh/about/${journal.id}/`;
    expect(prebuiltPaths()).toContain(about);
    const { served, rendered } = await servedAndRendered(about);
    expect(served).toContain(introduction);
    expect(served).toBe(rendered);
  }, 300_000);
});
