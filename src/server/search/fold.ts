/** Latin folding shared by index and query: résumé, RÉSUMÉ and ｒｅｓｕｍｅ all become resume. */

const COMBINING_MARKS = /\p{M}+/gu;

/** NFKC first so full-width letters and digits (ＡＺ３１) and compatibility ideographs read as their plain forms. */
export function normalizeWidth(text: string): string {
  return text.normalize('NFKC');
}

/** Lowercase, decompose (NFKD) and drop the combining marks the decomposition split off. */
export function foldLatin(word: string): string {
  return word.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}
