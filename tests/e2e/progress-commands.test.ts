/**
 * Import, backup, restore and rebuild as an operator runs them: piped (as a log sees them) each
 * prints plain progress lines with counts on stderr and ends with a summary of what changed on
 * stdout; on a terminal (a pseudo-terminal from util-linux's `script`) a bar with counts and the
 * time left is drawn, for the seed too (its piped run is in tests/e2e/seed-command.test.ts, the
 * progress module's rules in tests/unit/progress.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

type Run = { code: number; stdout: string; stderr: string };

let demo: DemoDb;
let dir: string;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 20 });
  // the commands open the database themselves
  demo.db.close();
  dir = mkdtempSync(join(tmpdir(), 'progress-commands-'));
});
afterAll(async () => {
  await demo?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function piped(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', ...args],
      { env: { ...process.env, DATABASE_PATH: demo.path, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The command on a 200-column pseudo-terminal: what the operator's screen receives, controls stripped. */
function onTerminal(args: string[], env: Record<string, string> = {}): Promise<{ code: number; screen: string }> {
  const quoted = args.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const child = execFile(
      'script',
      ['--quiet', '--return', '--command', `stty cols 200 && npm run --silent ${quoted}`, '/dev/null'],
      { env: { ...process.env, DATABASE_PATH: demo.path, ...env }, encoding: 'utf8' },
      (error, stdout) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, screen: stripVTControlCharacters(stdout) }),
    );
    child.stdin?.end();
  });
}

/** Plain progress lines: `label: done/total unit (seconds…)`, the last one done/done. */
function expectPlainLines(stderr: string, label: string, unit: string): number {
  const lines = stderr.trim().split('\n');
  expect(stderr).not.toContain('\x1B');
  const pattern = new RegExp(`^${label}: (\\d+)/(\\d+) ${unit} \\(\\d+\\.\\d s(, about \\d+ s left)?\\)$`);
  for (const line of lines) expect(line).toMatch(pattern);
  const last = pattern.exec(lines.at(-1) ?? '');
  expect(last?.[1]).toBe(last?.[2]);
  return Number(last?.[2]);
}

/** Bar frames: `label [████░░] done/total unit | n% | … elapsed, … left`, the last one done/done. */
function expectBar(screen: string, label: string, unit: string): number {
  const frame = new RegExp(`${label} \\[[█░]+\\] (\\d+)/(\\d+) ${unit} \\| (\\d+)% \\| \\S+ elapsed, \\S+ left`, 'g');
  const frames = [...screen.matchAll(frame)];
  expect(frames.length, screen).toBeGreaterThan(0);
  const last = frames.at(-1);
  expect(last?.[1]).toBe(last?.[2]);
  expect(Number(last?.[2])).toBeGreaterThan(0);
  return Number(last?.[2]);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('long commands, piped', () => {
  it('npm run import: a line per step with counts, then what it added, aligned', async () => {
    const file = 'tests/fixtures/import-good.json';
    const run = await piped(['import', '--', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(expectPlainLines(run.stderr, literal(`import ${file}`), 'steps')).toBe(3);
    const summary = run.stdout.trim().split('\n');
    expect(summary[0]).toMatch(
      new RegExp(`^imported ${literal(file)} into ${literal(demo.path)} \\(site \\d+, new\\)$`),
    );
    expect(run.stdout).toMatch(/^ {2}articles +2$/m);
    expect(run.stdout).toMatch(/^ {2}digests +\d+$/m);
    // every count starts in the same column, the digests' too
    const columns = new Set(summary.slice(1).map((line) => /^ {2}\S+ +/.exec(line)?.[0].length));
    expect([...columns]).toHaveLength(1);
  });

  it('npm run backup and npm run restore: lines of pages copied, then where the copy went and its size', async () => {
    const backup = join(dir, 'backup.db');
    const made = await piped(['backup', '--', backup]);
    expect(made.code, made.stderr).toBe(0);
    const pages = expectPlainLines(made.stderr, literal(`backup ${demo.path}`), 'pages');
    expect(made.stdout).toMatch(
      new RegExp(`^backed up ${literal(demo.path)} to ${literal(backup)} in [\\d.]+ s$`, 'm'),
    );
    expect(made.stdout).toMatch(new RegExp(`^ {2}pages +${pages}$`, 'm'));
    expect(made.stdout).toMatch(/^ {2}size +[\d.]+ MB$/m);
    expect(made.stdout).toMatch(/^ {2}integrity +ok$/m);

    const target = join(dir, 'restored.db');
    const restored = await piped(['restore', '--', backup], { DATABASE_PATH: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(expectPlainLines(restored.stderr, literal(`restore ${backup}`), 'pages')).toBe(pages);
    expect(restored.stdout).toContain(`restored ${backup} to ${target}`);
    expect(restored.stdout).toContain('replaced database kept as (there was none)');
  });

  it('npm run rebuild: lines of pages written, then how many went live', { timeout: 240_000 }, async () => {
    const sitesDir = mkdtempSync(join(dir, 'sites-'));
    const run = await piped(['rebuild', '--', '--site', 'jmst'], { SITES_DIR: sitesDir });
    expect(run.code, run.stderr).toBe(0);
    const pages = expectPlainLines(run.stderr, 'rebuild jmst', 'pages');
    expect(pages).toBeGreaterThan(20);
    expect(run.stdout).toMatch(new RegExp(`^jmst: ${pages} pages in [\\d.]+ s, now live \\(\\d+ pages/s\\)$`, 'm'));
  });
});

describe('long commands, on a terminal', () => {
  it('npm run backup draws a bar with counts and the time left, then prints the summary', async () => {
    const backup = join(dir, 'on-terminal.db');
    const run = await onTerminal(['backup', '--', backup]);
    expect(run.code, run.screen).toBe(0);
    const pages = expectBar(run.screen, literal(`backup ${demo.path}`), 'pages');
    expect(run.screen).toMatch(new RegExp(`^ {2}pages +${pages}\\r?$`, 'm'));
    // the summary comes after the last frame of the bar
    expect(run.screen.lastIndexOf('backed up')).toBeGreaterThan(run.screen.lastIndexOf(' left'));
    // no frame claims the copy is done before it has started
    expect(run.screen).not.toMatch(/\] 0\/0 pages \| 100%/);
  });

  it('npm run seed draws a bar of the items it writes, then counts what it wrote', async () => {
    const target = join(dir, 'seeded.db');
    const run = await onTerminal(['seed', '--', '--articles', '20'], { DATABASE_PATH: target });
    expect(run.code, run.screen).toBe(0);
    expectBar(run.screen, literal(`seed ${target}`), 'items');
    expect(run.screen).toMatch(new RegExp(`^seeded ${literal(target)} in [\\d.]+ s`, 'm'));
    expect(run.screen).toMatch(/^ {2}articles +20\r?$/m);
  });

  it('npm run import draws a bar of its steps', async () => {
    const file = 'tests/fixtures/import-site-only.json';
    const run = await onTerminal(['import', '--', file]);
    expect(run.code, run.screen).toBe(0);
    expect(expectBar(run.screen, literal(`import ${file}`), 'steps')).toBe(3);
    expect(run.screen).toContain(`imported ${file} into ${demo.path}`);
  });
});
