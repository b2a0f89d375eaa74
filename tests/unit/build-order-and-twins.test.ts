import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queuedInOrder } from '../../src/server/build/queued-in-order.ts';
import { brotliWindowBits, writePage } from '../../src/server/build/write-page.ts';
import { deferred } from '../fixtures/deferred.ts';

describe('sites queue in order', () => {
  it('starts each site once the one before it is queued, and reports outcomes in order', async () => {
    const gates = new Map(['a', 'b', 'c', 'd'].map((sld) => [sld, deferred()]));
    const queuedNow = new Map(['a', 'b', 'c', 'd'].map((sld) => [sld, () => {}]));
    const started: string[] = [];
    const outcomes = queuedInOrder(['a', 'b', 'c', 'd'], async (sld, queued) => {
      started.push(sld);
      queuedNow.set(sld, queued);
      await gates.get(sld)?.promise;
      if (sld === 'c') throw new Error('c failed');
      return sld.toUpperCase();
    });
    const first = outcomes.next();
    const tick = () => new Promise((r) => setTimeout(r, 0));
    await tick();
    // b still lists nothing: a has not queued its pages yet
    expect(started).toEqual(['a']);
    queuedNow.get('a')?.();
    await tick();
    expect(started).toEqual(['a', 'b']);
    // b finishes first (without saying it queued); it is still reported after a, and c starts
    gates.get('b')?.resolve();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    gates.get('a')?.resolve();
    expect((await first).value).toEqual({ item: 'a', value: 'A' });
    expect((await outcomes.next()).value).toEqual({ item: 'b', value: 'B' });
    // a failure is reported, and the site after it still builds
    gates.get('c')?.resolve();
    gates.get('d')?.resolve();
    const rest = [];
    for await (const outcome of outcomes) rest.push(outcome);
    expect(rest).toEqual([
      { item: 'c', error: new Error('c failed') },
      { item: 'd', value: 'D' },
    ]);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('yields nothing for no sites', async () => {
    const outcomes = [];
    for await (const outcome of queuedInOrder([], async () => 1)) outcomes.push(outcome);
    expect(outcomes).toEqual([]);
  });
});

describe('compressed twins of a page', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'twins-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('fits the brotli window to the page: the smallest that holds it, within brotli limits', () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(1008)).toBe(10);
    expect(brotliWindowBits(1009)).toBe(11);
    expect(brotliWindowBits(51_917)).toBe(16);
    expect(brotliWindowBits(65_520)).toBe(16);
    expect(brotliWindowBits(65_521)).toBe(17);
    expect(brotliWindowBits(100_000_000)).toBe(24);
  });

  it('writes the page with .br and .gz twins that decompress to the same bytes', () => {
    // a page longer than the fitted window would be if it were too small: repeats far apart
    const html = Buffer.from(`<!doctype html><p>${'期刊 journal '.repeat(6000)}</p>`);
    writePage(root, '/zh/article/1/', html);
    const file = join(root, 'zh', 'article', '1', 'index.html');
    expect(readFileSync(file).equals(html)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(html)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(html)).toBe(true);
  });
});
