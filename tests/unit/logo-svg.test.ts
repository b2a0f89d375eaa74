/** Drawn logos are as wide as their names need: a long English title is never cut at the edge. */
import { describe, expect, it } from 'vitest';
import { logoSvg, mobileLogoSvg } from '../../src/server/files/svg.ts';

const widthOf = (svg: string) => Number(/<svg [^>]*width="(\d+)"/.exec(svg)?.[1]);

describe('logoSvg', () => {
  it('widens for long names in either language and keeps the short ones at 420', () => {
    const short = logoSvg('材料学报', 'Acta Materialia', '#0b5394', 'AM');
    expect(widthOf(short)).toBe(420);
    const longEn = 'China Academic Publishing Group International Edition';
    const english = logoSvg(longEn, '中华学术出版集团', '#0b5394', 'CAPG');
    // 24 px Latin letters are at least half as wide as tall: the name needs more than 420 px
    expect(widthOf(english)).toBeGreaterThan(86 + longEn.length * 24 * 0.5);
    const chinese = logoSvg('中华人民共和国材料科学与工程技术学报编辑部', 'Materials', '#0b5394', 'MS');
    expect(widthOf(chinese)).toBeGreaterThanOrEqual(86 + 21 * 24);
  });
});

describe('mobileLogoSvg', () => {
  it('puts a long name on two lines of about equal width, a short one on one', () => {
    const long = mobileLogoSvg('Journal of Materials Science and Technology', '#0b5394', 'JMST');
    const lines = [...long.matchAll(/<text x="72"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(lines).toEqual(['Journal of Materials', 'Science and Technology']);
    expect(long).toMatch(/height="64"/);
    const short = mobileLogoSvg('化学研究', '#0b5394', 'HXYJ');
    expect([...short.matchAll(/<text x="72"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['化学研究']);
  });
});
