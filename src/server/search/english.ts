/** Words outside Chinese: folded, then Porter-stemmed so batteries and battery meet. */
import { stemmer } from 'stemmer';
import { foldLatin } from './fold.ts';

/** Dropped from queries only: the index keeps them, so a query made of nothing else still matches. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'in',
  'on',
  'for',
  'to',
  'with',
  'by',
  'at',
  'from',
  'as',
  'is',
  'are',
  'be',
  'via',
  'its',
]);

/** Our journals mix British and American spelling; Porter does not join characterisation and characterization. */
const SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/isation(s?)$/u, 'ization$1'],
  [/iour(s?)$/u, 'ior$1'],
  [/^aluminium$/u, 'aluminum'],
];

export function isStopWord(folded: string): boolean {
  return STOP_WORDS.has(folded);
}

/** A folded word's index form: letters only are stemmed; 316l, co2 and az31 stay as written. */
export function stemWord(folded: string): string {
  if (!/^[a-z]+$/u.test(folded) || folded.length < 3) return folded;
  let word = folded;
  for (const [pattern, replacement] of SPELLINGS) word = word.replace(pattern, replacement);
  return stemmer(word);
}

/** Scholarly text repeats a small vocabulary, so remembered tokens save most of the folding and stemming. */
const remembered = new Map<string, string>();
const REMEMBER_MAX = 50_000;

/** Folds then stems one word as written in the text. */
export function englishToken(word: string): string {
  let token = remembered.get(word);
  if (token === undefined) {
    token = stemWord(foldLatin(word));
    if (remembered.size >= REMEMBER_MAX) remembered.clear();
    remembered.set(word, token);
  }
  return token;
}
