/** The terms a query was split into, as result pages highlight them (rc-pub's analyzeArray). */
import type { ResourceCode } from '../../lib/resource-types.ts';
import { isStopWord } from './english.ts';
import { foldLatin } from './fold.ts';
import { pieces } from './pieces.ts';
import { chineseSegmenter } from './segmenter.ts';
import { isIdentifierLabel } from './tokens.ts';

/** Particles a page should not light up all over the text. */
const HAN_PARTICLES = new Set(['的', '了', '和', '与', '及', '之', '于']);

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
      for (const word of words.length > 0 ? words : [piece.text]) if (!HAN_PARTICLES.has(word)) add(word);
    } else if (piece.kind === 'identifier' || !hasContent || !isStopWord(foldLatin(piece.text))) {
      add(piece.text);
    }
  }
  return terms;
}
