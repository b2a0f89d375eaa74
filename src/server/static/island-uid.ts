/**
 * An Astro island's uid is a 32-bit rolling hash (h = 31·h + c, Astro's shorthash) of
 * `<!--{export}:{component source}-->\n{island html}\n{serialized props}`. The composer changes an
 * island's html or props (the page's current menu item, its language link) without rendering it, so
 * it works the uid out again from the uid of the same island rendered once: the unknown leading
 * part is the same for both, and its share of the hash can be moved from one length to another.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY';
const BASE = DIGITS.length;

function roll(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

function power(base: number, exponent: number): number {
  let result = 1;
  let factor = base | 0;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = Math.imul(result, factor);
    factor = Math.imul(factor, factor);
  }
  return result;
}

// 31 is odd, so it has an inverse modulo 2^32 (Newton's iteration doubles the correct bits each step)
const INVERSE_31 = (() => {
  let inverse = 31;
  for (let i = 0; i < 5; i++) inverse = Math.imul(inverse, (2 - Math.imul(31, inverse)) | 0);
  return inverse;
})();

export function encodeUid(hash: number): string {
  let value = Math.abs(hash);
  let text = '';
  while (value >= BASE) {
    text = (DIGITS[value % BASE] ?? '') + text;
    value = Math.floor(value / BASE);
  }
  if (value > 0) text = (DIGITS[value] ?? '') + text;
  return (hash < 0 ? 'Z' : '') + text;
}

export function decodeUid(uid: string): number | null {
  const negative = uid.startsWith('Z');
  let value = 0;
  for (const digit of negative ? uid.slice(1) : uid) {
    const index = DIGITS.indexOf(digit);
    if (index < 0) return null;
    value = value * BASE + index;
  }
  return negative ? -value | 0 : value | 0;
}

/** What the uid hashes after the component's own header: the island's html, a newline, its props. */
export const uidTail = (html: string, props: string) => `${html}\n${props}`;

/** The uid of an island whose tail is `tail`, given the uid the same island had with `knownTail`. */
export function uidFor(knownUid: string, knownTail: string, tail: string): string | null {
  const known = decodeUid(knownUid);
  if (known === null) return null;
  const head = Math.imul((known - roll(knownTail)) | 0, power(INVERSE_31, knownTail.length));
  return encodeUid((Math.imul(head, power(31, tail.length)) + roll(tail)) | 0);
}
