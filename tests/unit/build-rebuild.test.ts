import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { buildSite, SiteBuildError } from '../../src/server/build/build-site.ts';
import { createRebuildQueue, STOPPING } from '../../src/server/build/rebuild-queue.ts';
import type { RenderPool } from '../../src/server/build/render-pool.ts';
import { fileForPath } from '../../src/server/static/paths.ts';
import { serveFile } from '../../src/server/static/serve-file.ts';
import { freshBuildFolder, swapIn } from '../../src/server/static/site-folder.ts';
import { deferred } from '../fixtures/deferred.ts';
import { testSite } from '../fixtures/site.ts';

describe('rebuild requests coalesce', () => {
  it('turns requests made during a build into one follow-up build', async () => {
    const gates: ReturnType<typeof deferred>[] = [];
    let started = 0;
    const queue = createRebuildQueue(async (sld: string) => {
      started++;
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      return `${sld}#${started}`;
    });
    const first = queue.request('jmst');
    expect(queue.state('jmst')).toBe('running');
    const second = queue.request('jmst');
    const third = queue.request('jmst');
    const fourth = queue.request('jmst');
    expect(queue.state('jmst')).toBe('running+queued');
    expect(third).toBe(second);
    expect(fourth).toBe(second);
    expect(started).toBe(1);
    gates[0]?.resolve();
    expect(await first).toEqual({ ok: true, summary: 'jmst#1' });
    // between the first build's end and the follow-up's start, it is running for whoever asks
    expect(queue.state('jmst')).toBe('running');
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(2);
    gates[1]?.resolve();
    expect(await second).toEqual({ ok: true, summary: 'jmst#2' });
    expect(started).toBe(2);
    expect(queue.state('jmst')).toBe('idle');
  });

  it('once stopped, lets the running build finish its swap and starts nothing more', async () => {
    const gate = deferred();
    let started = 0;
    const queue = createRebuildQueue(async (sld: string) => {
      started++;
      await gate.promise;
      return sld;
    });
    const running = queue.request('jmst');
    const followUp = queue.request('jmst');
    queue.stop();
    expect(await queue.request('cpg')).toEqual({ ok: false, error: STOPPING });
    const idle = queue.idle();
    gate.resolve();
    await idle;
    expect(await running).toEqual({ ok: true, summary: 'jmst' });
    expect(await followUp).toEqual({ ok: false, error: STOPPING });
    expect(started).toBe(1);
  });

  it('builds different sites independently and reports failures as outcomes', async () => {
    const queue = createRebuildQueue(async (sld: string) => {
      if (sld === 'bad') throw new Error('renderer exploded');
      return sld;
    });
    const [good, bad] = await Promise.all([queue.request('good'), queue.request('bad')]);
    expect(good).toEqual({ ok: true, summary: 'good' });
    expect(bad).toEqual({ ok: false, error: 'renderer exploded' });
    expect(queue.last('bad')).toEqual(bad);
  });
});

describe('atomic swap of a site folder', () => {
  let sitesDir: string;
  beforeEach(() => {
    sitesDir = mkdtempSync(join(tmpdir(), 'sites-'));
  });
  afterEach(() => rmSync(sitesDir, { recursive: true, force: true }));

  async function build(version: string): Promise<string> {
    const folder = await freshBuildFolder(sitesDir, 'jmst');
    await mkdir(join(folder, 'zh', 'home'), { recursive: true });
    await writeFile(join(folder, 'zh', 'home', 'index.html'), `<p>${version}</p>`.repeat(500));
    return folder;
  }

  it('switches readers from the old build to the new one and keeps only the previous build', async () => {
    await swapIn(sitesDir, 'jmst', await build('v1'));
    const home = join(sitesDir, 'jmst', 'zh', 'home', 'index.html');
    expect(readFileSync(home, 'utf8')).toContain('v1');
    await swapIn(sitesDir, 'jmst', await build('v2'));
    expect(readFileSync(home, 'utf8')).toContain('v2');
    await swapIn(sitesDir, 'jmst', await build('v3'));
    expect(readdirSync(join(sitesDir, '.builds'))).toHaveLength(2);
  });

  it('replaces a plain folder from an older layout', async () => {
    mkdirPlain(join(sitesDir, 'jmst'));
    await swapIn(sitesDir, 'jmst', await build('v9'));
    expect(readFileSync(join(sitesDir, 'jmst', 'zh', 'home', 'index.html'), 'utf8')).toContain('v9');
  });

  it('never shows a reader a missing or half page while builds are swapped in', async () => {
    await swapIn(sitesDir, 'jmst', await build('v0'));
    let stop = false;
    const seen = new Set<string>();
    const reader = (async () => {
      let reads = 0;
      while (!stop || reads < 50) {
        const file = fileForPath(join(sitesDir, 'jmst'), '/zh/home/');
        const response = file ? await serveFile(new Request('http://x/'), file, { cacheControl: 'no-cache' }) : null;
        expect(response?.status).toBe(200);
        const body = (await response?.text()) ?? '';
        const version = /<p>(v\d+)<\/p>/.exec(body)?.[1] ?? 'none';
        expect(body).toBe(`<p>${version}</p>`.repeat(500));
        seen.add(version);
        reads++;
      }
    })();
    for (let i = 1; i <= 8; i++) await swapIn(sitesDir, 'jmst', await build(`v${i}`));
    stop = true;
    await reader;
    expect(seen.size).toBeGreaterThan(1);
  });
});

function mkdirPlain(path: string): void {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path);
  writeFileSync(join(path, 'old.html'), 'old');
}

const site: Site = testSite({ id: 1, sld: 'jmst', name: '材料', enName: 'Materials' });

/** A site with only its fixed pages (home, issue, lists). */
const emptySource = {
  getPeriodTree: async () => [],
  listPublications: async () => [],
  listArticles: async () => ({ content: [], total: 0, page: 0, size: 0 }),
  listNews: async () => ({ content: [], total: 0, page: 0, size: 0 }),
  listAlbums: async () => [],
  listEditorialTopics: async () => [],
  getSiteShell: async () => null,
  // the shell's fingerprint reads the search settings too
  getSearchConfig: async () => [],
  getSearchConditions: async () => [],
} as Partial<ContentSource> as ContentSource;

function fakePool(behaviour: 'ok' | 'fail'): RenderPool {
  return {
    async run(job) {
      for (const path of job.paths) {
        const file = fileForPath(job.outDir, path);
        if (!file) continue;
        await mkdir(join(file, '..'), { recursive: true });
        await writeFile(file, `new ${path}`);
      }
      return behaviour === 'ok'
        ? { written: job.paths.length, skipped: [], failed: [], links: [] }
        : { written: 1, skipped: [], failed: [{ path: '/en/home/', reason: 'HTTP 500' }], links: [] };
    },
    close: async () => {},
  };
}

describe('building a site', () => {
  let sitesDir: string;
  beforeEach(async () => {
    sitesDir = mkdtempSync(join(tmpdir(), 'sites-'));
  });
  afterEach(() => rmSync(sitesDir, { recursive: true, force: true }));
  const options = (pool: RenderPool) => ({
    source: emptySource,
    pool,
    sitesDir,
    baseDomain: 'journals.example.org',
    recentYears: 3,
    languages: ['zh', 'en'] as const,
  });

  it('writes pages, sitemaps and robots.txt and swaps them in', async () => {
    const summary = await buildSite(site, options(fakePool('ok')));
    expect(summary.written).toBeGreaterThan(0);
    expect(readFileSync(join(sitesDir, 'jmst', 'zh', 'home', 'index.html'), 'utf8')).toBe('new /zh/home/');
    expect(readFileSync(join(sitesDir, 'jmst', 'sitemap.txt'), 'utf8')).toContain(
      'https://jmst.journals.example.org/en/home/\n',
    );
    expect(readFileSync(join(sitesDir, 'jmst', 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://jmst.journals.example.org/sitemap.xml',
    );
    expect(existsSync(join(sitesDir, 'jmst', 'sitemap.xml.br'))).toBe(true);
  });

  it('keeps the old site and says why when a page fails', async () => {
    await buildSite(site, options(fakePool('ok')));
    writeFileSync(join(sitesDir, 'jmst', 'zh', 'home', 'index.html'), 'old but good');
    const failing = buildSite(site, options(fakePool('fail')));
    await expect(failing).rejects.toBeInstanceOf(SiteBuildError);
    await expect(failing).rejects.toThrow(/\/en\/home\/ \(HTTP 500\)/);
    expect(readFileSync(join(sitesDir, 'jmst', 'zh', 'home', 'index.html'), 'utf8')).toBe('old but good');
    // the failed build's folder is gone: the live version and the spare its build left remain
    expect(readdirSync(join(sitesDir, '.builds'))).toHaveLength(2);
  });
});
