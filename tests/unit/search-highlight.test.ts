import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { highlightParts, plainSnippet } from '../../src/lib/highlight.ts';
import { FTS5_TOKENIZE } from '../../src/server/search/match.ts';

const marked = (text: string, terms: string[]) =>
  highlightParts(text, terms)
    .filter((part) => part.mark)
    .map((part) => part.text);

describe('highlighting the analyze terms', () => {
  it('marks Chinese terms, longest first, and nothing else', () => {
    expect(marked('钙钛矿太阳能电池的稳定性', ['钙钛矿', '太阳能', '太阳'])).toEqual(['钙钛矿', '太阳能']);
    expect(highlightParts('石墨烯', []).map((part) => part.mark)).toEqual([false]);
  });

  it('ignores case and lights up the longer words a Latin term begins', () => {
    expect(marked('Lithium-ion Batteries and a battery', ['battery', 'lithium'])).toEqual([
      'Lithium',
      'Batteries',
      'battery',
    ]);
  });

  it('treats regular-expression characters in terms as text', () => {
    expect(marked('C++ (2020) a.b', ['C++', '(2020)'])).toEqual(['C++', '(2020)']);
  });

  it('cuts snippets to plain text of at most n characters', () => {
    expect(plainSnippet('H<sub>2</sub>O 分解', 5)).toBe('H2O 分…');
  });
});

describe('the FTS5 table', () => {
  it('tokenizes as match.ts says (the migration repeats FTS5_TOKENIZE)', () => {
    const migration = readFileSync(
      new URL('../../src/server/store/migrations/sqlite/004_search_index.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(`tokenize = "${FTS5_TOKENIZE}"`);
  });
});
