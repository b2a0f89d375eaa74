/** The documents a newcomer reads stay short and their links lead somewhere. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors } from '../fixtures/markdown.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const LINK = /\]\(([^)\s]+)\)/g;

/** Relative links of a markdown file that name no file, or no heading of the file they name. */
function brokenLinks(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return [...text.matchAll(LINK)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target))
    .filter((target) => {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(ROOT, doc) : join(ROOT, dirname(doc), path);
      if (!existsSync(file)) return true;
      return anchor !== undefined && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).has(anchor);
    })
    .map((target) => `${doc}: ${target}`);
}

describe('README and the documents it leads to', () => {
  it('README is under 100 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThan(100);
  });

  it('README names the two commands and links the documents to read on', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    for (const doc of [
      'CONTRIBUTING.md',
      'docs/architecture.md',
      'docs/product-rules.md',
      'docs/decisions.md',
      'docs/configuration.md',
      'docs/operations.md',
      'docs/performance.md',
    ]) {
      expect(readme).toContain(`](${doc})`);
    }
  });

  it.each(DOCS)('every relative link of %s exists', (doc) => {
    expect(brokenLinks(doc)).toEqual([]);
  });
});
