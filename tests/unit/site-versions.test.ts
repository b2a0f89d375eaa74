/**
 * A pass starts from a folder it already has (the spare a full build leaves, or an older version)
 * and relinks only the files changed since, never writing through a link the live version shares.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanBuilds, freshBuildFolder, liveFolder, swapIn } from '../../src/server/static/site-folder.ts';
import {
  filesUnder,
  pageFiles,
  pageKey,
  prepareSpare,
  reuseVersion,
  writeVersion,
} from '../../src/server/static/site-versions.ts';

let sitesDir: string;
beforeEach(() => {
  sitesDir = mkdtempSync(join(tmpdir(), 'site-versions-'));
});
afterEach(() => rmSync(sitesDir, { recursive: true, force: true }));

const PAGES = 200;

/** A full build of `PAGES` article pages (three files each), swapped in. */
async function fullBuild(): Promise<string> {
  const folder = await freshBuildFolder(sitesDir, 'jmst');
  for (let id = 1; id <= PAGES; id++) {
    mkdirSync(join(folder, 'zh', 'article', String(id)), { recursive: true });
    for (const file of pageFiles(`/zh/article/${id}/`)) writeFileSync(join(folder, file), `article ${id} v0`);
  }
  await swapIn(sitesDir, 'jmst', folder);
  return folder;
}

/** What a pass does with a reused folder: replace one page's files, record them, swap it in. */
async function pass(id: number, text: string): Promise<{ caughtUp: number; folder: string }> {
  const live = await liveFolder(sitesDir, 'jmst');
  if (!live) throw new Error('a live version');
  const reused = await reuseVersion(sitesDir, 'jmst', live);
  if (!reused) throw new Error('a folder to reuse');
  const files = pageFiles(`/zh/article/${id}/`);
  for (const file of files) {
    await rm(join(reused.folder, file), { force: true });
    await writeFile(join(reused.folder, file), text);
  }
  await writeVersion(reused.folder, live.slice(live.lastIndexOf('/') + 1), files);
  await swapIn(sitesDir, 'jmst', reused.folder);
  return reused;
}

const contents = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => file.startsWith('zh/') && statSync(join(folder, file)).isFile())
      .sort()
      .map((file) => [file, readFileSync(join(folder, file), 'utf8')]),
  );

describe('site versions', () => {
  it('a pass after a one-page change relinks only the files changed since the folder it starts from', async () => {
    const first = await fullBuild();
    expect(await prepareSpare(sitesDir, 'jmst', first)).toBe(true);
    const before = contents(first);

    const one = await pass(7, 'article 7 v1');
    expect(one.caughtUp).toBe(0);
    // the full build's files were shared with the spare, never written through
    expect(contents(first)).toEqual(before);

    const two = await pass(9, 'article 9 v2');
    // made from the full build's folder: only article 7's three files were behind
    expect(two.caughtUp).toBe(3);
    const three = await pass(11, 'article 11 v3');
    expect(three.caughtUp).toBe(3);

    const live = await liveFolder(sitesDir, 'jmst');
    if (!live) throw new Error('a live version');
    const served = contents(live);
    expect(Object.keys(served)).toHaveLength(PAGES * 3);
    expect(served['zh/article/7/index.html']).toBe('article 7 v1');
    expect(served['zh/article/9/index.html.br']).toBe('article 9 v2');
    expect(served['zh/article/11/index.html.gz']).toBe('article 11 v3');
    expect(served['zh/article/12/index.html']).toBe('article 12 v0');
    // the version before it still shows what it showed
    expect(contents(two.folder)['zh/article/11/index.html']).toBe('article 11 v0');
    expect(contents(two.folder)['zh/article/9/index.html']).toBe('article 9 v2');
  });

  it('finds nothing to start from after a full build without a spare', async () => {
    const live = await fullBuild();
    expect(await reuseVersion(sitesDir, 'jmst', live)).toBeNull();
  });

  it('a pass killed while writing its folder leaves the live version serving, and start-up removes the folder', async () => {
    const first = await fullBuild();
    await prepareSpare(sitesDir, 'jmst', first);
    const reused = await reuseVersion(sitesDir, 'jmst', first);
    if (!reused) throw new Error('a folder to reuse');
    // a claimed folder is not taken twice
    expect(await reuseVersion(sitesDir, 'jmst', first)).toBeNull();
    for (const file of pageFiles('/zh/article/3/')) {
      await rm(join(reused.folder, file), { force: true });
      await writeFile(join(reused.folder, file), 'half written');
    }
    // as if its process were killed: the marker names a process that is gone
    writeFileSync(join(reused.folder, '.building'), '999999999');
    expect(await liveFolder(sitesDir, 'jmst')).toBe(first);
    expect(readFileSync(join(first, 'zh/article/3/index.html'), 'utf8')).toBe('article 3 v0');
    const removed = await cleanBuilds(sitesDir);
    expect(removed).toEqual([reused.folder.slice(reused.folder.lastIndexOf('/') + 1)]);
    expect((await filesUnder(first)).length).toBe(PAGES * 3);
  });

  it('names a page as its folder spells it', () => {
    expect(pageKey('/zh/article/1/')).toBe('/zh/article/1/');
    expect(pageKey('/zh/%E6%9C%9F%E5%88%8A/')).toBe('/zh/期刊/');
    expect(pageKey('/')).toBeNull();
    expect(pageKey('/zh/%E0%A4%A/')).toBeNull();
  });
});
