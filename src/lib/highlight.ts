/**
 * Splits text into plain and highlighted parts for the analyze terms of a search (result pages
 * wrap the highlighted parts in <mark>). Case-insensitive; Latin terms also light up the longer
 * words they begin (battery → batteries), as the stemmed index finds them.
 */
import { plainText } from './plain-text.ts';

export type TextPart = { text: string; mark: boolean };

const escapeRegExp = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** battery → batter, so batteries lights up too; short words and Chinese stay whole. */
function stemPrefix(term: string): string {
  return /^[a-z]{5,}$/iu.test(term) ? escapeRegExp(term.slice(0, -1)) + '\\p{L}*' : escapeRegExp(term);
}

export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const usable = [...new Set(terms.map((term) => term.trim()).filter((term) => term !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  if (usable.length === 0 || text === '') return text === '' ? [] : [{ text, mark: false }];
  const pattern = new RegExp(usable.map(stemPrefix).join('|'), 'giu');
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0] === '') continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index), mark: false });
    parts.push({ text: match[0], mark: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/** Plain text of an HTML-bearing field (titles may hold <sub>), cut to at most max characters. */
export function plainSnippet(html: string | null, max: number): string {
  const text = plainText(html);
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
