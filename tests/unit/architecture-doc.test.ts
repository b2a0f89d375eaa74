/** docs/architecture.md stays true: every repository path it names exists. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const text = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const PATH = /(?<![\w./-])(?:src|scripts|tests|docs)\/[\w.[\]/-]*/g;
const named = [...new Set([...text.matchAll(PATH)].map((match) => match[0].replace(/[./]+$/, '')))];

describe('docs/architecture.md', () => {
  it('names the folders people look for', () => {
    expect(named).toEqual(
      expect.arrayContaining(['src/server/store', 'src/server/http', 'src/middleware.ts', 'src/lib/routes.ts']),
    );
  });

  it('names only paths that exist', () => {
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
