/**
 * An article's content terms, which "related by content" matches: its keywords (either language)
 * and the words of its titles, each as the search index would fold it (a Han word as jieba cuts
 * it, a Latin word folded and stemmed, so 'Alloys' and 'alloy' meet), at most MAX_CONTENT_TERMS of
 * them, keywords first. Computed when the content is written, so a page only looks them up.
 */
import { plainText } from '../../lib/plain-text.ts';
import { englishToken, isStopWord } from './english.ts';
import { foldLatin } from './fold.ts';
import { pieces } from './pieces.ts';
import { chineseSegmenter } from './segmenter.ts';

const MAX_CONTENT_TERMS = 16;

/** a one-character Han word (的, 与, 钢) or a two-letter Latin one says too little about a text */
const meaningful = (term: string) => (/\p{Script=Han}/u.test(term) ? [...term].length >= 2 : term.length >= 3);

function titleWords(title: string): string[] {
  const words: string[] = [];
  for (const piece of pieces(plainText(title))) {
    if (piece.kind === 'han') words.push(...chineseSegmenter().cut(piece.text));
    else if (piece.kind === 'word' && !isStopWord(foldLatin(piece.text)) && !/^\d+$/u.test(piece.text))
      words.push(englishToken(piece.text));
  }
  return words;
}

const keywordTerm = (keyword: string) => foldLatin(plainText(keyword)).replace(/\s+/gu, ' ').trim();

export function contentTerms(keywords: readonly string[], titles: readonly (string | null)[]): string[] {
  const terms = new Set<string>();
  const add = (term: string) => {
    if (terms.size < MAX_CONTENT_TERMS && meaningful(term)) terms.add(term);
  };
  for (const keyword of keywords) add(keywordTerm(keyword));
  for (const title of titles) if (title) for (const word of titleWords(title)) add(word);
  return [...terms];
}
