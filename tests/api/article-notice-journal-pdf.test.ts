/**
 * The journal's own PDF of a retracted article is served with a notice page in front and the label
 * on every page; lifting the notice serves the imported bytes again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { utf16Hex } from '../../src/server/files/pdf.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { row } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let dir: string;
beforeAll(async () => {
  api = await createApiFixture({ articles: 20 });
  dir = mkdtempSync(join(tmpdir(), 'notice-pdf-'));
});
afterAll(async () => {
  await api.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A three-page PDF as a journal's typesetting would send it (compressed content streams). */
async function journalFile(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2, 3]) doc.addPage([612, 792]).drawText(`Original page ${n}`, { x: 72, y: 700, font, size: 12 });
  return doc.save();
}

/** Everything a page draws, its streams decoded, lower case (hex strings compare whatever their case). */
function pageOps(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = ref ? page.doc.context.lookup(ref) : undefined;
      if (!(stream instanceof PDFRawStream)) return '';
      const bytes = stream.dict.get(PDFName.of('Filter')) ? inflateSync(stream.contents) : stream.contents;
      return Buffer.from(bytes).toString('latin1');
    })
    .join('\n')
    .toLowerCase();
}

const hexOf = (latin: string) => Buffer.from(latin, 'latin1').toString('hex');

describe("the journal's PDF of an article under a notice", () => {
  it('has the notice page first, then every original page stamped; lifting the notice serves the original', async () => {
    const article = await row(
      api.demo.db,
      "SELECT a.id, a.doi FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' AND a.status = 'formal' AND a.doi IS NOT NULL ORDER BY a.id LIMIT 1",
    );
    const doi = String(article?.['doi']);
    const url = `${apiPaths.articleDownload}?id=${Number(article?.['id'])}&attachType=pdf`;
    const original = await journalFile();
    writeFileSync(join(dir, 'article.pdf'), original);
    const importAt = (record: Record<string, unknown>) =>
      importContent(
        api.demo.db,
        { site: { sld: 'jmst' }, articles: [{ doi, ...record }] },
        new Date(Date.now() + 1).toISOString(),
        folderFiles(dir),
      );
    await importAt({ pdf: 'article.pdf' });
    const plain = new Uint8Array(await (await api.call(url)).arrayBuffer());
    expect(Buffer.from(plain).equals(Buffer.from(original))).toBe(true);

    await importAt({
      notice: { kind: 'retracted', date: '2026-11-20', reason: 'Duplicated images', noticeDoi: '10.9999/notice.1' },
    });
    const response = await api.call(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const served = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(served.getPageCount()).toBe(4);
    const [front, ...rest] = served.getPages();
    if (!front) throw new Error('no pages');
    const notice = pageOps(front);
    expect(notice).toContain(utf16Hex('本文已撤稿').toLowerCase());
    expect(notice).toContain('(this article has been retracted)');
    expect(notice).toContain('duplicated images');
    expect(notice).toContain('(notice: https://doi.org/10.9999/notice.1)');
    expect(notice).not.toContain(hexOf('Original page'));
    for (const [i, page] of rest.entries()) {
      const ops = pageOps(page);
      expect(ops).toContain(hexOf(`Original page ${i + 1}`));
      expect(ops).toContain(utf16Hex('本文已撤稿').toLowerCase());
      expect(ops).toContain('this article has been retracted');
      expect(page.getSize()).toEqual({ width: 612, height: 792 });
    }

    // drawn once: a second download answers the same bytes
    const again = await api.call(url, { headers: { 'If-None-Match': String(response.headers.get('etag')) } });
    expect(again.status).toBe(304);

    await importAt({ notice: null });
    const lifted = new Uint8Array(await (await api.call(url)).arrayBuffer());
    expect(Buffer.from(lifted).equals(Buffer.from(original))).toBe(true);
  });

  it('serves a file it cannot open as it is, with the Link header to the notice', async () => {
    const article = await row(
      api.demo.db,
      "SELECT a.id, a.doi FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' AND a.status = 'formal' AND a.doi IS NOT NULL ORDER BY a.id LIMIT 1 OFFSET 1",
    );
    const damaged = Buffer.from('%PDF-1.4\nnot a PDF body at all\n%%EOF\n', 'latin1');
    writeFileSync(join(dir, 'damaged.pdf'), damaged);
    await importContent(
      api.demo.db,
      {
        site: { sld: 'jmst' },
        articles: [
          {
            doi: String(article?.['doi']),
            pdf: 'damaged.pdf',
            notice: { kind: 'concern', date: '2026-11-21', reason: 'Data under investigation' },
          },
        ],
      },
      new Date(Date.now() + 1).toISOString(),
      folderFiles(dir),
    );
    const response = await api.call(`${apiPaths.articleDownload}?id=${Number(article?.['id'])}&attachType=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toContain('rel="describedby"');
    expect(Buffer.from(await response.arrayBuffer()).equals(damaged)).toBe(true);
  });
});
