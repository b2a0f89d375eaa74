/** Splits text into the three kinds of piece the tokenizer treats differently. */
import { normalizeWidth } from './fold.ts';
import { findIdentifiers } from './identifiers.ts';

export type Piece =
  | { kind: 'identifier'; token: string; text: string }
  | { kind: 'han'; text: string }
  | { kind: 'word'; text: string };

/** a Han run, or a run of other letters, digits and marks (Latin, Greek, kana …) */
const RUNS = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+)/gu;

function runs(text: string, out: Piece[]): void {
  for (const match of text.matchAll(RUNS)) {
    if (match[1]) out.push({ kind: 'han', text: match[1] });
    else if (match[2]) out.push({ kind: 'word', text: match[2] });
  }
}

export function pieces(input: string): Piece[] {
  const text = normalizeWidth(input);
  const out: Piece[] = [];
  let at = 0;
  for (const id of findIdentifiers(text)) {
    runs(text.slice(at, id.start), out);
    out.push({ kind: 'identifier', token: id.token, text: text.slice(id.start, id.end) });
    at = id.end;
  }
  runs(text.slice(at), out);
  return out;
}
