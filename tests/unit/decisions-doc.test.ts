/** docs/decisions.md stays true: every repository path it names in backticks exists. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const text = readFileSync(join(ROOT, 'docs', 'decisions.md'), 'utf8');
const REPO_PATH = /^(?:src|scripts|tests|docs)\//;

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`; a brace without a comma (`{module}`) or a glob names no one file. */
function paths(code: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(code);
  if (brace === null) return /[*?]/.test(code) ? [] : [code];
  const options = (brace[1] ?? '').split(',');
  if (options.length < 2) return [];
  return options.flatMap((option) => paths(code.replace(brace[0], option)));
}

const named = [
  ...new Set(
    // a code span may run across a line break, so spans are paired over the whole text
    text
      .split('`')
      .filter((_part, index) => index % 2 === 1)
      .map((code) => code.replace(/\s+/g, ' ').trim())
      .filter((code) => REPO_PATH.test(code) && !/\s/.test(code))
      .flatMap((code) => paths(code.split('#')[0] ?? ''))
      .map((path) => path.replace(/\/$/, '')),
  ),
];

describe('docs/decisions.md', () => {
  it('names repository paths in backticks', () => {
    expect(named).toEqual(expect.arrayContaining(['src/server/store/compiled.ts', 'src/lib/id.ts']));
  });

  it('names only paths that exist', () => {
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
