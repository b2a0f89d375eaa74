import { describe, expect, it } from 'vitest';
import type { ToPrimary } from '../../src/server/cluster/messages.ts';
import { createRebuildProxy } from '../../src/server/cluster/rebuild-proxy.ts';
import { swapGeneration } from '../../src/server/static/site-folder.ts';

function fakeChannel() {
  const sent: ToPrimary[] = [];
  let listener: (message: unknown) => void = () => {};
  return {
    sent,
    deliver: (message: unknown) => listener(message),
    channel: {
      send: (message: ToPrimary) => sent.push(message),
      on: (_event: 'message', fn: (message: unknown) => void) => (listener = fn),
    },
  };
}
const summary = { sld: 'jmst', listed: 10, written: 10, skipped: 0, seconds: 1.5 };

describe("a worker's rebuild proxy", () => {
  it('sends the request to the primary and resolves with the outcome sent back for it', async () => {
    const { sent, deliver, channel } = fakeChannel();
    const proxy = createRebuildProxy(channel);
    const first = proxy.request('jmst');
    const second = proxy.request('cpg');
    expect(sent).toEqual([
      { type: 'rebuild', id: 1, sld: 'jmst' },
      { type: 'rebuild', id: 2, sld: 'cpg' },
    ]);
    expect(proxy.state('jmst')).toBe('running');
    deliver({ type: 'rebuilt', id: 2, outcome: { ok: false, error: 'no site with sld cpg' } });
    deliver({ type: 'rebuilt', id: 1, outcome: { ok: true, summary } });
    expect(await first).toEqual({ ok: true, summary });
    expect(await second).toEqual({ ok: false, error: 'no site with sld cpg' });
  });

  it("mirrors the primary's announced state, and a finished build makes the worker look its folder up again", () => {
    const { deliver, channel } = fakeChannel();
    const proxy = createRebuildProxy(channel);
    expect(proxy.state('jmst')).toBe('idle');
    expect(proxy.last('jmst')).toBeUndefined();
    deliver({ type: 'rebuild-state', sld: 'jmst', state: 'running+queued', last: null });
    expect(proxy.state('jmst')).toBe('running+queued');
    const before = swapGeneration();
    deliver({ type: 'rebuild-state', sld: 'jmst', state: 'idle', last: { ok: true, summary } });
    expect(proxy.state('jmst')).toBe('idle');
    expect(proxy.last('jmst')).toEqual({ ok: true, summary });
    expect(swapGeneration()).toBeGreaterThan(before);
    // the same outcome announced again (a new request starting) is not another swap
    const after = swapGeneration();
    deliver({ type: 'rebuild-state', sld: 'jmst', state: 'running', last: { ok: true, summary } });
    expect(swapGeneration()).toBe(after);
  });

  it('ignores malformed messages', () => {
    const { deliver, channel } = fakeChannel();
    const proxy = createRebuildProxy(channel);
    deliver({ type: 'rebuild-state', sld: 'jmst', state: 3 });
    deliver('hello');
    deliver(null);
    expect(proxy.state('jmst')).toBe('idle');
  });
});
