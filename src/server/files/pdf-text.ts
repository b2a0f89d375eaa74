/**
 * Text handling for the hand-written PDF: which font shows a character, how wide a run is, and
 * greedy line wrapping that may break between CJK characters but not inside Latin words.
 */

/** Helvetica advance widths (per 1000 em) for ASCII 32..126, from the Adobe AFM. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** Unicode characters WinAnsiEncoding places in 0x80..0x9F. */
const WIN_ANSI_EXTRA: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/** The WinAnsi byte of a character, or null when only the CJK font can show it. */
export function winAnsiByte(char: string): number | null {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA.get(code) ?? null;
}

export type Segment = { cjk: boolean; text: string };

/** Splits a line into runs for the Latin font and runs for the CJK font. */
export function segments(line: string): Segment[] {
  const runs: Segment[] = [];
  for (const char of line) {
    const cjk = winAnsiByte(char) === null;
    const last = runs[runs.length - 1];
    if (last && last.cjk === cjk) last.text += char;
    else runs.push({ cjk, text: char });
  }
  return runs;
}

function charWidth(char: string): number {
  const byte = winAnsiByte(char);
  if (byte === null) return 1000;
  return byte <= 0x7e ? (HELVETICA[byte - 32] ?? 556) : 556;
}

/** Width of a string in points at `size`; bold Latin is about 5 % wider. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += charWidth(char) * (bold && winAnsiByte(char) !== null ? 1.05 : 1);
  return (units * size) / 1000;
}

const NO_LINE_START = new Set([...'，。、；：？！）》」』”’,.;:?!)]}%']);

/** Breakable pieces: Latin words with their trailing space, single CJK characters (with closing punctuation kept attached). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const char of text) {
    if (winAnsiByte(char) === null) {
      if (word) out.push(word);
      word = '';
      if (NO_LINE_START.has(char) && out.length > 0) out[out.length - 1] += char;
      else out.push(char);
    } else if (char === ' ') {
      out.push(`${word} `);
      word = '';
    } else if (NO_LINE_START.has(char) && word === '' && out.length > 0) {
      out[out.length - 1] += char;
    } else {
      word += char;
    }
  }
  if (word) out.push(word);
  return out;
}

/** Greedy wrap to `maxWidth` points; a token wider than a line is cut by characters. */
export function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of tokens(paragraph)) {
      if (textWidth((line + token).trimEnd(), size, bold) <= maxWidth) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      for (const char of token) {
        if (textWidth(line + char, size, bold) > maxWidth && line) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
