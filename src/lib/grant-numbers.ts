/**
 * The grant numbers a fund statement names: "国家自然科学基金（52172101）" and "National Natural
 * Science Foundation of China (No. 52172101)" both name 52172101, so articles of one grant find
 * each other whichever language their fund text is in. A grant number is a run of letters, digits
 * and hyphens of at least five characters holding at least four digits; years (four digits) and
 * words are not grant numbers.
 */
const CANDIDATE = /[A-Za-z0-9][A-Za-z0-9-]{3,}[A-Za-z0-9]/g;
const MAX_LENGTH = 40;

export function grantNumbers(...funds: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const fund of funds) {
    for (const match of (fund ?? '').normalize('NFKC').matchAll(CANDIDATE)) {
      const candidate = match[0].toUpperCase();
      if (candidate.length > MAX_LENGTH) continue;
      if ((candidate.match(/\d/g)?.length ?? 0) < 4) continue;
      found.add(candidate);
    }
  }
  return [...found];
}
