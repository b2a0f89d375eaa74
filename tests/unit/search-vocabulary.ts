/** The demo vocabulary's Chinese terms, as the segmenter tests read them. */
import {
  DEPARTMENTS,
  FIELD_WORDS,
  FUNDS,
  GIVEN_SYLLABLES,
  SURNAMES,
  UNIVERSITIES,
} from '../../src/server/seed/vocabulary.ts';

/** Every Chinese string of the vocabulary: subjects, properties, methods, extras, columns, journals, institutions, funds. */
export function vocabularyPhrases(): string[] {
  const phrases: string[] = [];
  for (const words of Object.values(FIELD_WORDS)) {
    for (const list of [words.subjects, words.properties, words.methods, words.extras, words.columns, words.journals]) {
      phrases.push(...list.map(([zh]) => zh));
    }
  }
  for (const list of Object.values(DEPARTMENTS)) phrases.push(...list.map(([zh]) => zh));
  phrases.push(...UNIVERSITIES.map(([zh]) => zh), ...FUNDS.map(([zh]) => zh));
  return [...new Set(phrases)];
}

/** The Han runs of those phrases ('AZ31镁合金' → 镁合金, '专题：增材制造' → 专题, 增材制造). */
export function vocabularyTerms(): string[] {
  return [...new Set(vocabularyPhrases().flatMap((phrase) => phrase.match(/\p{Script=Han}+/gu) ?? []))];
}

/** Two- and three-character personal names as the seed builds them (surname + one given syllable). */
export function vocabularyNames(): string[] {
  return SURNAMES.flatMap(([surname]) => GIVEN_SYLLABLES.slice(0, 6).map(([given]) => surname + given));
}
