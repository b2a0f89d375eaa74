/**
 * Code comments point to rules a reader of the repository can open: docs/product-rules.md by its
 * heading anchors, not specification sections or ticket numbers kept elsewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors } from '../fixtures/markdown.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const anchors = headingAnchors(readFileSync(join(ROOT, 'docs', 'product-rules.md'), 'utf8'));
const CODE = /\.(ts|tsx|astro|mjs|sql|css)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__screenshots__' ? [] : files(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const sources = ['src', 'scripts', 'tests']
  .flatMap((dir) => files(join(ROOT, dir)))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

/** Lines of src and scripts that cite what the repository does not hold. */
function unopenableCitations(): string[] {
  const CITATION = /\bSPEC\b(?! *=)|\bSPEC's|\b[Ii]ssue \d+\b|\bwork item\b|(?<![&\w])#\d+\b(?!;)/;
  return sources
    .filter(({ path }) => !path.startsWith('tests'))
    .flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
        .filter(({ line }) => /^\s*(\/\/|\/?\*|--|\{?\/\*)/.test(line) || /\/\/|\/\*/.test(line))
        .filter(({ line }) => CITATION.test(line.replace(/\b[A-Z_]*SPECS?_[A-Z_]+|SITE_SPECS|SPECIALS/g, '')))
        .map(({ at }) => at),
    );
}

describe('docs/product-rules.md', () => {
  it('has the areas comments cite', () => {
    expect([...anchors]).toEqual(
      expect.arrayContaining([
        'routes',
        'menu-filter',
        'languages',
        'search-box',
        'accounts',
        'subscriptions',
        'feeds-and-oai-pmh',
        'import',
        'limits',
      ]),
    );
  });

  it('has every anchor that src, scripts and tests cite', () => {
    const cited = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/docs\/product-rules\.md#([\w-]+)/g)].map((match) => ({ path, anchor: match[1] ?? '' })),
    );
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter(({ anchor }) => !anchors.has(anchor))).toEqual([]);
  });

  it('is what comments in src and scripts cite, not specification sections or issue numbers', () => {
    expect(unopenableCitations()).toEqual([]);
  });
});
