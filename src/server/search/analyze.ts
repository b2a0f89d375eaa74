/** The terms a query was split into, as result pages highlight them (rc-pub's analyzeArray). */
import type { ResourceCode } from '../../lib/resource-types.ts';
import { foldLatin } from './fold.ts';
import { isStopWord } from './english.ts';
import { pieces } from './pieces.ts';
import { chineseSegmenter } from './segmenter.ts';
import { isIdentifierLabel } from './tokens.ts';

/**
 * Han runs give jieba's precise-mode words (what a reader sees as words, not the overlapping
 * search-mode ones), other words and identifiers are kept as typed. The type is accepted because
 * the call carries it, but every type is cut alike: highlighting must agree with the index.
 */
export function analyze(q: string, _type?: ResourceCode): string[] {
  const all = pieces(q.replace(/["“”]/gu, ' '));
  const hasContent = all.some((p) => p.kind !== 'word' || !isStopWord(foldLatin(p.text)));
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    const key = foldLatin(term);
    if (seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  for (const [index, piece] of all.entries()) {
    if (isIdentifierLabel(piece, all[index + 1])) continue;
    if (piece.kind === 'han') {
      const words = chineseSegmenter().cut(piece.text);
      for (const word of words.length > 0 ? words : [piece.text]) add(word);
    } else if (piece.kind === 'identifier' || !hasContent || !isStopWord(foldLatin(piece.text))) {
      add(piece.text);
    }
  }
  return terms;
}
