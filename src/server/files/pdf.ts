/**
 * A real PDF 1.4 of an article's first pages (title, authors, abstracts, keywords, DOI), written by
 * hand: Helvetica for Latin text and the Adobe CJK font STSong-Light (Type0, UniGB-UCS2-H,
 * Adobe/GB1) for Chinese, which readers substitute, so no font is embedded. The file is 7-bit
 * ASCII apart from the binary marker comment, so string lengths are byte offsets.
 */
import { createHash } from 'node:crypto';
import { plainText } from '../../lib/plain-text.ts';
import { segments, textWidth, winAnsiByte, wrap } from './pdf-text.ts';

export type ArticlePdfInput = {
  title: string;
  enTitle?: string | null;
  authors: readonly string[];
  enAuthors?: readonly string[];
  institutions?: readonly string[];
  abstract?: string | null;
  enAbstract?: string | null;
  keywords?: readonly string[];
  enKeywords?: readonly string[];
  journal: string;
  enJournal?: string | null;
  doi?: string | null;
  /** e.g. '2025, 41(6): 1-9' */
  citation?: string | null;
  fund?: string | null;
  publishedDate?: string | null;
  url?: string | null;
  /** the body after the abstracts (a full text): numbered headings and their paragraphs */
  sections?: readonly { heading: string; paragraphs: readonly string[] }[];
  /** the reference list at the end of a full text */
  references?: readonly string[];
  /** a retraction, withdrawal or expression of concern: printed first, above the title */
  notice?: readonly string[] | null;
};

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = 64;

type Font = 'regular' | 'bold';
type Block = { text: string; size: number; font?: Font; gapBefore?: number; grey?: boolean };

/** A PDF literal string (WinAnsi bytes, octal escapes above 0x7E). */
function latinString(text: string): string {
  let out = '(';
  for (const char of text) {
    const byte = winAnsiByte(char) ?? 0x3f;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** UTF-16BE hex for the UCS2 CMap; characters outside the BMP become U+FFFD. */
export function utf16Hex(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0xfffd;
    hex += (code > 0xffff ? 0xfffd : code).toString(16).toUpperCase().padStart(4, '0');
  }
  return hex;
}

/** The resource names of the three fonts; a page stamped into another file names them its own way. */
export type FontNames = { regular: string; bold: string; cjk: string };
const OWN_FONTS: FontNames = { regular: '/F1', bold: '/F2', cjk: '/F3' };

export function showLine(line: string, x: number, y: number, size: number, font: Font, names = OWN_FONTS): string {
  const latinFont = font === 'bold' ? names.bold : names.regular;
  let ops = `BT 1 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)} Tm `;
  for (const run of segments(line)) {
    ops += run.cjk
      ? `${names.cjk} ${size} Tf <${utf16Hex(run.text)}> Tj `
      : `${latinFont} ${size} Tf ${latinString(run.text)} Tj `;
  }
  return `${ops}ET\n`;
}

function blocksOf(input: ArticlePdfInput): Block[] {
  const blocks: Block[] = [];
  const add = (text: string | null | undefined, size: number, extra: Omit<Block, 'text' | 'size'> = {}) => {
    if (text?.trim()) blocks.push({ text: text.trim(), size, ...extra });
  };
  for (const [i, line] of (input.notice ?? []).entries()) add(line, 14, { font: 'bold', gapBefore: i === 0 ? 0 : 4 });
  add(input.title, 18, { font: 'bold', ...(input.notice?.length ? { gapBefore: 16 } : {}) });
  if (input.enTitle && input.enTitle !== input.title) add(input.enTitle, 14, { font: 'bold', gapBefore: 6 });
  add(input.authors.join(', '), 11, { gapBefore: 12 });
  if (input.enAuthors?.length && input.enAuthors.join() !== input.authors.join())
    add(input.enAuthors.join(', '), 10.5, { gapBefore: 2 });
  for (const [i, institution] of (input.institutions ?? []).entries())
    add(`${i + 1}. ${institution}`, 9, { gapBefore: i === 0 ? 6 : 1, grey: true });
  const abstract = plainText(input.abstract, { lines: true });
  const enAbstract = plainText(input.enAbstract, { lines: true });
  if (abstract && abstract !== enAbstract) {
    add('摘要', 11, { font: 'bold', gapBefore: 16 });
    add(abstract, 10.5, { gapBefore: 4 });
    if (input.keywords?.length) add(`关键词：${input.keywords.join('；')}`, 10, { gapBefore: 6 });
  }
  if (enAbstract) {
    add('Abstract', 11, { font: 'bold', gapBefore: 16 });
    add(enAbstract, 10.5, { gapBefore: 4 });
    const keywords = input.enKeywords?.length ? input.enKeywords : abstract === enAbstract ? input.keywords : undefined;
    if (keywords?.length) add(`Keywords: ${keywords.join('; ')}`, 10, { gapBefore: 6 });
  }
  for (const section of input.sections ?? []) {
    add(section.heading, 12, { font: 'bold', gapBefore: 18 });
    for (const [i, paragraph] of section.paragraphs.entries()) add(paragraph, 10.5, { gapBefore: i === 0 ? 6 : 4 });
  }
  if (input.references?.length) {
    add('参考文献 References', 12, { font: 'bold', gapBefore: 18 });
    for (const [i, reference] of input.references.entries())
      add(`[${i + 1}] ${reference}`, 9, { gapBefore: i === 0 ? 6 : 2 });
  }
  add(input.fund ? `基金项目 Fund: ${input.fund}` : null, 9, { gapBefore: 16, grey: true });
  add(input.doi ? `DOI: ${input.doi}` : null, 9, { gapBefore: input.fund ? 2 : 16, grey: true });
  add(input.publishedDate ? `Published: ${input.publishedDate}` : null, 9, { gapBefore: 2, grey: true });
  add(input.url, 9, { gapBefore: 2, grey: true });
  return blocks;
}

function header(input: ArticlePdfInput): string {
  const journal = [input.journal, input.enJournal].filter(Boolean).join(' · ');
  const cite = input.citation ?? '';
  let ops = '0.85 0.88 0.92 rg 0 800 595 42 re f 0.2 0.2 0.2 rg\n';
  ops += showLine(journal, MARGIN, 816, 10, 'regular');
  if (cite) ops += showLine(cite, PAGE_WIDTH - MARGIN - textWidth(cite, 10), 816, 10, 'regular');
  return ops;
}

function footer(input: ArticlePdfInput, page: number): string {
  const text = `${input.doi ? `https://doi.org/${input.doi}` : input.journal}    ${page}`;
  return `0.4 0.4 0.4 rg\n${showLine(text, MARGIN, 36, 8, 'regular')}`;
}

function layout(input: ArticlePdfInput): string[] {
  const pages: string[] = [];
  let ops = header(input);
  let y = 770;
  for (const block of blocksOf(input)) {
    const leading = block.size * 1.45;
    y -= block.gapBefore ?? 0;
    for (const line of wrap(block.text, block.size, TEXT_WIDTH, block.font === 'bold')) {
      if (y - leading < BOTTOM) {
        pages.push(ops + footer(input, pages.length + 1));
        ops = header(input);
        y = 770;
      }
      y -= leading;
      ops += `${block.grey ? '0.35 0.35 0.35' : '0 0 0'} rg\n${showLine(line, MARGIN, y, block.size, block.font ?? 'regular')}`;
    }
  }
  pages.push(ops + footer(input, pages.length + 1));
  return pages;
}

export function renderArticlePdf(input: ArticlePdfInput): Uint8Array {
  const pages = layout(input);
  const objects: string[] = [];
  const FIRST_PAGE_OBJECT = 9;
  const pageRefs = pages.map((_, i) => `${FIRST_PAGE_OBJECT + i * 2} 0 R`);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] =
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>';
  objects[6] =
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 /W [1 95 500] >>';
  objects[7] =
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';
  const authors = [...(input.enAuthors?.length ? input.enAuthors : input.authors)].join(', ');
  objects[8] = `<< /Title <FEFF${utf16Hex(input.enTitle ? `${input.title} / ${input.enTitle}` : input.title)}> /Author <FEFF${utf16Hex(authors)}> /Subject <FEFF${utf16Hex(input.doi ?? input.journal)}> /Producer (journal-portal) >>`;
  pages.forEach((content, i) => {
    const pageObject = FIRST_PAGE_OBJECT + i * 2;
    objects[pageObject] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${pageObject + 1} 0 R >>`;
    objects[pageObject + 1] = `<< /Length ${content.length} >>\nstream\n${content}endstream`;
  });

  let file = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = file.length;
    file += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = file.length;
  file += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) file += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  const id = createHash('md5').update(file).digest('hex');
  file += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 8 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(file, 'latin1'));
}
