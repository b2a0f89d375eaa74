/**
 * The one tokenizer behind the search index and its queries. Both engines get pre-tokenized text,
 * so SQLite FTS5 and a PostgreSQL tsvector see exactly the same tokens (match.ts builds the
 * engine's query from a QueryPlan):
 *
 * - Han text: jieba's search-mode words (钙钛矿太阳能电池 → 钙钛矿 太阳 太阳能 电池), plus every
 *   overlapping character pair (钙钛 钛矿 矿太 …) and the run's last character. The pairs find
 *   what the words miss (a two-character name cut differently in context, a word the dictionary
 *   lacks); with the last character every character begins some token, so a one-character query is
 *   a prefix query.
 * - Other words: folded (résumé → resume) and Porter-stemmed (batteries → batteri).
 * - DOI, ISSN and CN: one lowercase exact token each (identifiers.ts).
 *
 * Input is plain text: strip markup (<sub>, <i>) before indexing.
 *
 * There is no language parameter: a query does not know the language of the text it should find,
 * so the same text must give the same tokens whichever language field it came from.
 */

import { englishToken, isStopWord } from './english.ts';
import { foldLatin } from './fold.ts';
import { type Piece, pieces } from './pieces.ts';
import { chineseSegmenter, hanBigrams } from './segmenter.ts';

/** One token to look up; prefix: any token starting with it matches. */
export type QueryTerm = { token: string; prefix: boolean };

/**
 * One part of the query (a word, a Han run, an identifier). A document matches the unit when it
 * holds every term of at least one alternative; it matches the plan when it matches every unit.
 */
export type QueryUnit = { text: string; alternatives: QueryTerm[][] };
export type QueryPlan = QueryUnit[];

export type QueryOptions = {
  /** fuzzy (advanced search mode 0): Latin words and identifiers also match as prefixes (10.1016/j.actamat finds its DOIs) */
  fuzzy?: boolean;
};

function hanIndexTokens(run: string): string[] {
  const tokens = new Set(chineseSegmenter().cutForSearch(run));
  for (const gram of hanBigrams(run)) tokens.add(gram);
  tokens.add([...run].at(-1)!);
  return [...tokens];
}

/** The tokens of a text for the index, piece by piece; a word that recurs is repeated (term frequency). */
export function tokensForIndex(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of pieces(text)) {
    if (piece.kind === 'identifier') tokens.push(piece.token);
    else if (piece.kind === 'word') tokens.push(englishToken(piece.text));
    else tokens.push(...hanIndexTokens(piece.text));
  }
  return tokens;
}

const term = (token: string, prefix = false): QueryTerm => ({ token, prefix });

function hanUnit(run: string): QueryUnit {
  const chars = [...run];
  if (chars.length === 1) return { text: run, alternatives: [[term(run, true)]] };
  const bigrams = hanBigrams(run).map((gram) => term(gram));
  if (chars.length === 2) return { text: run, alternatives: [bigrams] };
  // The words rank documents cut the same way higher; the bigrams keep the ones cut differently.
  const words = chineseSegmenter().cut(run);
  const wordsCoverRun = words.join('') === run;
  return { text: run, alternatives: wordsCoverRun ? [words.map((word) => term(word)), bigrams] : [bigrams] };
}

function wordUnit(text: string, fuzzy: boolean): QueryUnit {
  const token = englishToken(text);
  return { text, alternatives: [[term(token, fuzzy && /^[a-z]{3,}$/u.test(token))]] };
}

/** Quoted parts are exact: no prefix matching inside them. Quotes are checked for balance in src/lib/search-query.ts. */
function quotedParts(text: string): { text: string; quoted: boolean }[] {
  return text.split(/["“”]/u).map((part, index) => ({ text: part, quoted: index % 2 === 1 }));
}

const isStop = (piece: Piece) => piece.kind === 'word' && isStopWord(foldLatin(piece.text));

/** 'DOI 10.…', 'ISSN 0412-1961': the label is how people write the number, not a word to find. */
const IDENTIFIER_LABELS = new Set(['doi', 'issn', 'eissn', 'cn']);

export function isIdentifierLabel(piece: Piece, next: Piece | undefined): boolean {
  return piece.kind === 'word' && next?.kind === 'identifier' && IDENTIFIER_LABELS.has(foldLatin(piece.text));
}

/** The query as units to match; stop words are left out unless the query has nothing else. */
export function queryPlan(text: string, options: QueryOptions = {}): QueryPlan {
  const parts = quotedParts(text).map((part) => ({ ...part, pieces: pieces(part.text) }));
  const all = parts.flatMap((part) => part.pieces);
  const dropStops = all.some((piece) => !isStop(piece));
  const plan: QueryPlan = [];
  const seen = new Set<string>();
  for (const part of parts) {
    for (const [index, piece] of part.pieces.entries()) {
      if ((dropStops && isStop(piece)) || isIdentifierLabel(piece, part.pieces[index + 1])) continue;
      const fuzzy = options.fuzzy === true && !part.quoted;
      const unit =
        piece.kind === 'identifier'
          ? { text: piece.text, alternatives: [[term(piece.token, fuzzy)]] }
          : piece.kind === 'han'
            ? hanUnit(piece.text)
            : wordUnit(piece.text, fuzzy);
      const key = JSON.stringify(unit.alternatives);
      if (seen.has(key)) continue;
      seen.add(key);
      plan.push(unit);
    }
  }
  return plan;
}

/** @internal Every token a query looks up, once each (for the tests and the segmenter benchmark). */
export function tokensForQuery(text: string, options: QueryOptions = {}): string[] {
  const tokens = new Set<string>();
  for (const unit of queryPlan(text, options)) {
    for (const alternative of unit.alternatives) for (const t of alternative) tokens.add(t.token);
  }
  return [...tokens];
}
