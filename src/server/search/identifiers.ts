/**
 * DOI, ISSN and CN numbers are searched as one exact token each: splitting 10.1016/j.actamat.2020.01.001
 * into words would match any article that merely shares a number with it.
 */

export type IdentifierKind = 'doi' | 'issn' | 'cn';
export type Identifier = { kind: IdentifierKind; token: string; start: number; end: number };

/** Characters an identifier token may keep; FTS5_TOKENIZE lists the same ones as tokenchars. */
export const IDENTIFIER_PUNCTUATION = '-._;()/:%';

const PATTERNS: readonly (readonly [IdentifierKind, RegExp])[] = [
  // a DOI runs to the next whitespace or quote (old SICI DOIs contain < and >); sentence punctuation after it is not part of it
  ['doi', /\b10\.\d{4,9}\/[^\s"'“”‘’，。；、]+/gu],
  // CN 21-1315/TG, 22-1128/O6: the "CN" is often left out, and the class may end in a digit
  ['cn', /(?:\bCN\s?|\b)\d{2}-\d{4}\/[A-Z]{1,2}\d{0,2}\b/giu],
  ['issn', /\b\d{4}-\d{3}[\dX]\b/giu],
];

/** The ISSN check digit, so that year and page ranges (2019-2020, 1234-1240) stay numbers. */
function validIssn(raw: string): boolean {
  const digits = raw.replace('-', '').toUpperCase();
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  return digits[7] === (check === 10 ? 'X' : String(check));
}

const TRAILING_PUNCTUATION = /[.,;:)\]]+$/u;

/** Lowercases and percent-encodes anything outside letters, digits and IDENTIFIER_PUNCTUATION, so the token survives both engines' tokenizers intact. */
function identifierToken(kind: IdentifierKind, raw: string): string {
  const compact = kind === 'cn' ? `cn${raw.replace(/\s+/gu, '').replace(/^cn/iu, '')}` : raw;
  let token = '';
  for (const char of compact.toLowerCase()) {
    token +=
      /[a-z0-9]/u.test(char) || IDENTIFIER_PUNCTUATION.includes(char) ? char : encodeURIComponent(char).toLowerCase();
  }
  return token;
}

/** The identifiers in a text, in order, none overlapping (a DOI wins over an ISSN-looking piece inside it). */
export function findIdentifiers(text: string): Identifier[] {
  const found: Identifier[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      let raw = match[0];
      // a DOI ending in ')' keeps it when the DOI itself opened one, e.g. 10.1002/(SICI)…(199601)
      while (TRAILING_PUNCTUATION.test(raw) && !(raw.endsWith(')') && count(raw, '(') >= count(raw, ')'))) {
        raw = raw.slice(0, -1);
      }
      if (kind === 'issn' && !validIssn(raw)) continue;
      const start = match.index;
      const end = start + raw.length;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      found.push({ kind, token: identifierToken(kind, raw), start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
