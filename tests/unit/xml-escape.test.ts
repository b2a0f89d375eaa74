/**
 * XML text: what XML 1.0 forbids is dropped and lone surrogates become U+FFFD, whether the text
 * takes the clean fast path or the character-by-character one.
 */
import { describe, expect, it } from 'vitest';
import { escapeXml, xmlText } from '../../src/server/xml/escape.ts';

/** the rule written out a character at a time, as the writers applied it before the fast path */
function reference(text: string): string {
  let out = '';
  for (const char of text.toWellFormed()) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff)
      out += char;
  }
  return out;
}

const EDGES = [
  0x00, 0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0d, 0x1f, 0x20, 0x41, 0x7f, 0x4e2d, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff,
  0xe000, 0xfffd, 0xfffe, 0xffff,
];

describe('xmlText', () => {
  it('keeps clean text as it is, in both languages', () => {
    const text = '腐蚀 of Mg–Al alloys\t(≥ 2 %)\n𝛼-phase 🙂';
    expect(xmlText(text)).toBe(text);
  });

  it('drops control characters and U+FFFE/U+FFFF, and mends lone surrogates', () => {
    expect(xmlText('a\u0001b\u000bc\uFFFEd\uFFFFe')).toBe('abcde');
    expect(xmlText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(xmlText('pair \uD83D\uDE42 kept')).toBe('pair 🙂 kept');
  });

  it('agrees with the character-by-character rule on every pair of edge characters', () => {
    for (const first of EDGES)
      for (const second of EDGES) {
        const text = `a${String.fromCharCode(first)}${String.fromCharCode(second)}中`;
        expect(xmlText(text), `${first.toString(16)} ${second.toString(16)}`).toBe(reference(text));
      }
  });

  it('escapes markup after dropping what XML forbids', () => {
    expect(escapeXml('<a href="x">\u0002Tom & Jerry\'s</a>')).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});
