/**
 * The journal's own PDF of an article under a notice (retraction, withdrawal, expression of
 * concern): a notice page in front, drawn by the hand-written writer, and the notice's label in
 * the top margin of every original page. The notice page's fonts (Helvetica and the standard CJK
 * font STSong-Light, which readers substitute) come along with it, so no font is embedded and the
 * file grows by a few kilobytes. The original bytes stay stored: lifting the notice serves them again.
 */
import { createRequire } from 'node:module';
import { type FontNames, showLine } from './pdf.ts';
import { textWidth } from './pdf-text.ts';

/*
 * The part of pdf-lib ^1 used here, typed by hand: astro check's resolver reads pdf-lib's
 * CommonJS declarations as ES modules and finds none of their re-exported names (tsc finds them).
 */
type PdfObject = object;
type PdfDict = { get(name: PdfObject): unknown };
type PdfPage = {
  node: {
    Resources(): { lookup(name: PdfObject): unknown } | undefined;
    newFontDictionary(tag: string, ref: PdfObject): PdfObject;
    normalize(): void;
    wrapContentStreams(start: PdfObject, end: PdfObject): boolean;
    addContentStream(ref: PdfObject): void;
  };
  getMediaBox(): { x: number; y: number; width: number; height: number };
};
type PdfDoc = {
  context: { register(object: PdfObject): PdfObject; stream(contents: string): PdfObject };
  copyPages(source: PdfDoc, indices: number[]): Promise<PdfPage[]>;
  getPages(): PdfPage[];
  insertPage(index: number, page: PdfPage): PdfPage;
  save(options: { useObjectStreams: boolean }): Promise<Uint8Array>;
};
type PdfLib = {
  PDFDocument: { load(bytes: Uint8Array, options: { updateMetadata: boolean }): Promise<PdfDoc> };
  PDFName: { of(name: string): PdfObject };
  PDFDict: abstract new (...args: never[]) => PdfDict;
  PDFRef: abstract new (...args: never[]) => PdfObject;
};
const { PDFDocument, PDFName, PDFDict, PDFRef } = createRequire(import.meta.url)('pdf-lib') as PdfLib;

const STAMP_SIZE = 8;

function fontRef(fonts: PdfDict, name: string): PdfObject {
  const ref = fonts.get(PDFName.of(name));
  if (!(ref instanceof PDFRef)) throw new Error(`the notice page has no font ${name}`);
  return ref;
}

/**
 * The notice page followed by every page of the original, each stamped with `stamp` (one line,
 * Latin and CJK). Answers null when the original cannot be read as a PDF (encrypted or damaged):
 * the caller then serves it as it is.
 */
export async function withNoticePage(original: Uint8Array, noticePage: Uint8Array, stamp: string) {
  let doc: PdfDoc;
  try {
    doc = await PDFDocument.load(original, { updateMetadata: false });
    // a damaged file read leniently can come out with no pages: the original is better than the notice alone
    if (doc.getPages().length === 0) return null;
  } catch {
    return null;
  }
  const notice = await PDFDocument.load(noticePage, { updateMetadata: false });
  const [front] = await doc.copyPages(notice, [0]);
  if (!front) throw new Error('the notice page is empty');
  const fonts = front.node.Resources()?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) throw new Error('the notice page has no fonts');
  const refs = { regular: fontRef(fonts, 'F1'), bold: fontRef(fonts, 'F2'), cjk: fontRef(fonts, 'F3') };
  const width = textWidth(stamp, STAMP_SIZE, true);
  for (const page of doc.getPages()) {
    const names: FontNames = {
      regular: page.node.newFontDictionary('NoticeF1', refs.regular).toString(),
      bold: page.node.newFontDictionary('NoticeF2', refs.bold).toString(),
      cjk: page.node.newFontDictionary('NoticeF3', refs.cjk).toString(),
    };
    const box = page.getMediaBox();
    const x = box.x + Math.max(8, (box.width - width) / 2);
    const y = box.y + box.height - 14;
    // the original's drawing is closed in q … Q so its graphics state cannot move or hide the stamp
    page.node.normalize();
    const before = doc.context.register(doc.context.stream('q\n'));
    const after = doc.context.register(doc.context.stream('\nQ\n'));
    page.node.wrapContentStreams(before, after);
    const ops = `q 0.75 0 0 rg\n${showLine(stamp, x, y, STAMP_SIZE, 'bold', names)}Q\n`;
    page.node.addContentStream(doc.context.register(doc.context.stream(ops)));
  }
  doc.insertPage(0, front);
  return doc.save({ useObjectStreams: false });
}
