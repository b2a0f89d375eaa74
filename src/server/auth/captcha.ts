/**
 * A picture code for the login form: four characters drawn as SVG paths from a stroke font, each
 * glyph scaled, rotated and its points jittered, among noise strokes of the same pen. The answer is
 * kept hashed; nothing in the picture spells it (no text, no font, no order of elements).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** no 0/O, 1/I/l: easy to read */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 4;
const WIDTH = 110;
const HEIGHT = 40;

/** Strokes of each glyph on a 10 × 14 grid (y down): polylines separated by ';'. */
const STROKES: Record<string, string> = {
  A: '0,14 5,0 10,14; 2,9 8,9',
  B: '0,0 0,14 7,14 10,11 10,9 7,7 0,7; 0,0 7,0 9,2 9,5 7,7',
  C: '10,2 8,0 2,0 0,2 0,12 2,14 8,14 10,12',
  D: '0,0 0,14 6,14 10,10 10,4 6,0 0,0',
  E: '10,0 0,0 0,14 10,14; 0,7 7,7',
  F: '10,0 0,0 0,14; 0,7 7,7',
  G: '10,2 8,0 2,0 0,2 0,12 2,14 8,14 10,12 10,8 5,8',
  H: '0,0 0,14; 10,0 10,14; 0,7 10,7',
  J: '10,0 10,11 7,14 3,14 0,11',
  K: '0,0 0,14; 10,0 0,8; 3,6 10,14',
  L: '0,0 0,14 10,14',
  M: '0,14 0,0 5,8 10,0 10,14',
  N: '0,14 0,0 10,14 10,0',
  P: '0,14 0,0 8,0 10,2 10,5 8,7 0,7',
  Q: '2,0 8,0 10,2 10,12 8,14 2,14 0,12 0,2 2,0; 6,10 10,14',
  R: '0,14 0,0 8,0 10,2 10,5 8,7 0,7; 4,7 10,14',
  S: '10,2 8,0 2,0 0,2 0,5 2,7 8,7 10,9 10,12 8,14 2,14 0,12',
  T: '0,0 10,0; 5,0 5,14',
  U: '0,0 0,12 2,14 8,14 10,12 10,0',
  V: '0,0 5,14 10,0',
  W: '0,0 2,14 5,6 8,14 10,0',
  X: '0,0 10,14; 10,0 0,14',
  Y: '0,0 5,7 10,0; 5,7 5,14',
  Z: '0,0 10,0 0,14 10,14',
  '2': '0,2 2,0 8,0 10,2 10,5 0,14 10,14',
  '3': '0,2 2,0 8,0 10,2 10,5 8,7 4,7; 8,7 10,9 10,12 8,14 2,14 0,12',
  '4': '7,14 7,0 0,10 10,10',
  '5': '10,0 0,0 0,6 8,6 10,8 10,12 8,14 2,14 0,12',
  '6': '9,1 7,0 2,0 0,2 0,12 2,14 8,14 10,12 10,9 8,7 0,7',
  '7': '0,0 10,0 4,14',
  '8': '2,0 8,0 10,2 10,5 8,7 2,7 0,9 0,12 2,14 8,14 10,12 10,9 8,7; 2,7 0,5 0,2 2,0',
  '9': '10,7 2,7 0,5 0,2 2,0 8,0 10,2 10,12 8,14 3,14 1,13',
};

type Point = [number, number];

/** a random number in [min, max) with two decimals */
const between = (min: number, max: number) => min + randomInt(Math.round((max - min) * 100)) / 100;
const fixed = (n: number) => n.toFixed(1);

/** The glyph's polylines placed in a cell: scaled, rotated about its centre, every point jittered. */
function glyphLines(char: string, left: number): Point[][] {
  const scaleX = between(1.4, 1.9);
  const scaleY = between(1.7, 2.1);
  const angle = (between(-18, 18) * Math.PI) / 180;
  const top = between(4, 40 - 14 * scaleY - 4);
  const [cx, cy] = [5 * scaleX, 7 * scaleY];
  return (STROKES[char] ?? '').split(';').map((line) =>
    line
      .trim()
      .split(' ')
      .map((pair): Point => {
        const [x = 0, y = 0] = pair.split(',').map(Number);
        const [dx, dy] = [x * scaleX - cx, y * scaleY - cy];
        return [
          left + cx + dx * Math.cos(angle) - dy * Math.sin(angle) + between(-0.7, 0.7),
          top + cy + dx * Math.sin(angle) + dy * Math.cos(angle) + between(-0.7, 0.7),
        ];
      }),
  );
}

/** A polyline as a path whose segments bow a little (quadratic curves through jittered midpoints). */
function wobblyPath(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M${fixed(first[0])} ${fixed(first[1])}`;
  let previous = first;
  for (const point of rest) {
    const mid: Point = [
      (previous[0] + point[0]) / 2 + between(-1.2, 1.2),
      (previous[1] + point[1]) / 2 + between(-1.2, 1.2),
    ];
    d += ` Q${fixed(mid[0])} ${fixed(mid[1])} ${fixed(point[0])} ${fixed(point[1])}`;
    previous = point;
  }
  return d;
}

/** a dark colour: each channel 0x20–0x6f */
const pen = () => `#${Array.from({ length: 3 }, () => randomInt(0x20, 0x70).toString(16)).join('')}`;

/** Shuffles in place (Fisher–Yates): the element order tells nothing either. */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export function captchaAnswerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

export function newCaptcha(): { id: string; answer: string; svg: string } {
  const id = randomBytes(18).toString('base64url');
  const answer = Array.from({ length: LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
  const strokes = [...answer].flatMap((char, index) => {
    const colour = pen();
    return glyphLines(char, 6 + index * 25 + between(-2, 2)).map(
      (line) => `<path d="${wobblyPath(line)}" stroke="${colour}" stroke-width="2.2"/>`,
    );
  });
  const noise = Array.from({ length: 4 }, () => {
    const points: Point[] = Array.from({ length: 3 }, () => [between(0, WIDTH), between(0, HEIGHT)]);
    return `<path d="${wobblyPath(points)}" stroke="${pen()}" stroke-width="${between(0.8, 1.3)}"/>`;
  });
  const body = shuffled([...strokes, ...noise]).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f3f3f3"/><g fill="none" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;
  return { id, answer, svg };
}
