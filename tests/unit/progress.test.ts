/**
 * Long commands say where they are: a bar with counts and the time left on a terminal, a few
 * plain lines on a pipe, and a summary at the end (the seed command, piped, as a log sees it, is in
 * tests/e2e/seed-command.test.ts).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProgress } from '../../scripts/lib/progress.ts';

function capture(isTTY: boolean): Writable & { isTTY: boolean; columns: number; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(stream, { isTTY, columns: 120, text: () => chunks.join('') });
}

describe('progress of a long command', () => {
  it('draws a bar with counts and the time left on a terminal, then prints the summary', () => {
    const out = capture(true);
    const summary = capture(false);
    const progress = startProgress('backup portal.db', 'pages', 0, out, summary);
    for (let done = 0; done <= 400; done += 40) progress.update(done, 400);
    progress.finish(['backed up portal.db', '  pages 400']);
    const drawn = out.text();
    expect(drawn).toContain('backup portal.db [');
    expect(drawn).toContain('400/400 pages');
    expect(drawn).toMatch(/left/);
    expect(summary.text()).toBe('backed up portal.db\n  pages 400\n');
  });

  it('draws no bar before the total is known, so nothing reads 100% done before it started', () => {
    const out = capture(true);
    const progress = startProgress('restore b.db', 'pages', 0, out, capture(false));
    expect(out.text()).not.toContain('%');
    progress.update(0, 300);
    expect(out.text()).toContain('0/300 pages | 0%');
    expect(out.text()).not.toContain('100%');
    progress.update(300);
    progress.finish([]);
    expect(out.text()).toContain('300/300 pages | 100%');
  });

  it('prints at most one plain line per tenth on a pipe, with counts and an estimate', () => {
    const out = capture(false);
    const summary = capture(false);
    const progress = startProgress('seed data/portal.db', 'items', 5000, out, summary);
    for (let done = 1; done <= 5000; done++) progress.update(done);
    progress.finish(['seeded']);
    const lines = out.text().trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines.at(-1)).toMatch(/^seed data\/portal\.db: 5000\/5000 items \(\d+\.\d s\)$/);
    expect(lines[0]).toMatch(/^seed data\/portal\.db: 1\/5000 items/);
    expect(out.text()).not.toContain('\x1B');
    expect(summary.text()).toBe('seeded\n');
  });
});
