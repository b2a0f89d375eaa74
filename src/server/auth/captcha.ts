/** A picture code for the login form: four characters drawn as SVG with noise, answer kept hashed. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** no 0/O, 1/I/l: easy to read */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 4;

export function captchaAnswerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

export function newCaptcha(): { id: string; answer: string; svg: string } {
  const id = randomBytes(18).toString('base64url');
  const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const glyphs = [...answer]
    .map((char, index) => {
      const x = 14 + index * 24;
      const y = 28 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" transform="rotate(${randomInt(-20, 21)} ${x} ${y})" font-family="monospace" font-size="24" font-weight="bold" fill="#${randomInt(0x222222, 0x666666).toString(16)}">${char}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => `<line x1="${randomInt(0, 110)}" y1="${randomInt(0, 40)}" x2="${randomInt(0, 110)}" y2="${randomInt(0, 40)}" stroke="#999" stroke-width="1"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="40" viewBox="0 0 110 40"><rect width="110" height="40" fill="#f3f3f3"/>${lines}${glyphs}</svg>`;
  return { id, answer, svg };
}
