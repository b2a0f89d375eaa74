import { describe, expect, it } from 'vitest';
import { renderArticlePdf, utf16Hex } from '../../src/server/files/pdf.ts';

const input = {
  title: '激光选区熔化制备TC4钛合金的微观组织与力学性能研究',
  enTitle: 'Microstructure of TC4 (Ti-6Al-4V) titanium alloy prepared by selective laser melting',
  authors: ['张伟', '李晓明'],
  enAuthors: ['Zhang Wei', 'Li Xiaoming'],
  institutions: ['北京科技大学材料科学与工程学院，北京 100083'],
  abstract: '<p>本文采用激光选区熔化研究了TC4钛合金的微观组织。</p>'.repeat(40),
  enAbstract: 'The microstructure of TC4 titanium alloy was investigated by selective laser melting. '.repeat(60),
  keywords: ['钛合金', '激光选区熔化'],
  enKeywords: ['titanium alloy', 'selective laser melting'],
  journal: '材料科学与技术学报',
  enJournal: 'Journal of Materials Science and Technology',
  doi: '10.13475/j.jmst.2024.03.012',
  citation: '2024, 40(3): 12-20',
};

function parse(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const xref = text.slice(startxref);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(xref) ?? [];
  const entries = [...xref.matchAll(/^(\d{10}) (\d{5}) ([nf]) $/gm)];
  return { text, startxref, first: Number(first), count: Number(count), entries };
}

describe('article PDF', () => {
  it('is a structurally valid PDF 1.4 whose xref offsets point at their objects', () => {
    const bytes = renderArticlePdf(input);
    const { text, first, count, entries } = parse(bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(first).toBe(0);
    expect(entries).toHaveLength(count);
    entries.slice(1).forEach((entry, i) => {
      expect(entry[3]).toBe('n');
      expect(text.slice(Number(entry[1]), Number(entry[1]) + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`));
    });
    expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R /Info 8 0 R`));
    for (const [, length, body] of text.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/g))
      expect(body?.length).toBe(Number(length));
  });

  it('shows Chinese with STSong-Light (UniGB-UCS2-H, Adobe GB1) and Latin with Helvetica', () => {
    const text = Buffer.from(renderArticlePdf(input)).toString('latin1');
    expect(text).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(text).toContain('/Registry (Adobe) /Ordering (GB1)');
    expect(text).toContain('/BaseFont /Helvetica');
    expect(text).toContain(`<${utf16Hex('激光选区熔化制备')}>`);
    expect(text).toContain('(Microstructure of TC4 \\(Ti-6Al-4V\\) titanium alloy ');
    expect(text).toContain('(DOI: 10.13475/j.jmst.2024.03.012)');
    expect(text).toContain(`/Title <FEFF${utf16Hex(input.title)}`);
  });

  it('wraps long text within the page and continues on further pages', () => {
    const text = Buffer.from(renderArticlePdf(input)).toString('latin1');
    const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    const xs = [...text.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const [x, y] of xs) {
      expect(x).toBeGreaterThanOrEqual(56);
      expect(y).toBeGreaterThan(30);
      expect(y).toBeLessThan(842);
    }
    // no Latin line is longer than the text width allows (about 95 Helvetica characters at 10.5 pt)
    for (const [, run] of text.matchAll(/\/F1 10\.5 Tf \((.*?)\) Tj ET/g)) expect(run?.length).toBeLessThan(110);
  });

  it('encodes accented Latin in WinAnsi and keeps the file 7-bit after the marker line', () => {
    const bytes = renderArticlePdf({ title: 'Café “crème” — Müller', authors: ['José Núñez'], journal: 'Test' });
    const body = Buffer.from(bytes).subarray(15);
    expect(body.every((byte) => byte < 0x80)).toBe(true);
    expect(Buffer.from(bytes).toString('latin1')).toContain('(Caf\\351 \\223cr\\350me\\224 \\227 M\\374ller)');
  });
});
