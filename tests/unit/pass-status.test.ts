import { describe, expect, it } from 'vitest';
import { createPassTracker } from '../../src/server/build/pass-status.ts';

describe('publishing history', () => {
  it('keeps the last ten passes newest first, each with its start, duration, pages and failures', () => {
    let clock = Date.parse('2026-11-27T02:00:00Z');
    const passes = createPassTracker(() => new Date(clock));
    for (let pass = 0; pass < 12; pass++) {
      passes.start('jmst', 'changes');
      clock += 1500;
      const failed = pass === 11 ? [{ path: 'en/home/', reason: 'render error' }] : [];
      passes.finish('jmst', { ok: failed.length === 0, kind: 'changes', pages: { article: pass }, failed });
      clock += 60_000;
    }
    const { history, last } = passes.status('jmst');
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual(last);
    expect(history[0]).toMatchObject({
      ok: false,
      pages: { article: 11 },
      failed: [{ path: 'en/home/', reason: 'render error' }],
      durationMs: 1500,
      startedAt: new Date(Date.parse('2026-11-27T02:00:00Z') + 11 * 61_500).toISOString(),
    });
    expect(history.map((pass) => pass.pages.article)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(passes.status('cpg').history).toEqual([]);
  });
});
