/** Issue 29: an import brings the publisher's PDFs and supplementary files, from a folder or a zip. */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { IMPORT_FILE_MAX_BYTES } from '../../src/lib/constants.ts';
import { folderFiles, importContent, unpackZip, ZipProblem } from '../../src/server/import/index.ts';
import { getArticleByDoi } from '../../src/server/store/article-detail.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { problemsOf } from '../fixtures/import-problems.ts';

type Json = Record<string, unknown>;
const FIXTURE = join(import.meta.dirname, '../fixtures/import-files');
const NOW = '2026-11-01T00:00:00.000Z';
const issue = (): Json => JSON.parse(readFileSync(join(FIXTURE, 'issue.json'), 'utf8'));
const articles = (json: Json) => json['articles'] as Json[];

/** Zips the named files (archive name → bytes) into `path`. */
async function zip(path: string, entries: Record<string, Uint8Array | string>): Promise<void> {
  const archive = new ZipFile();
  for (const [name, data] of Object.entries(entries)) archive.addBuffer(Buffer.from(data), name);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(path, Buffer.concat(chunks));
}

describe("the publisher's files", () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-files-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = (sql: string) => Number(db.prepare(sql).get()?.['n']);
  const siteId = () => Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);

  it("stores an article's PDF and supplementary file from the folder, each file once, and a second import adds nothing", async () => {
    const summary = await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    expect(summary.files).toBe(2);
    const first = await getArticleByDoi(db, siteId(), '10.3788/AOS.2026.01.001');
    const second = await getArticleByDoi(db, siteId(), '10.3788/AOS.2026.01.002');
    expect(first?.pdfKind).toBe('publisher');
    expect(second?.pdfKind).toBe('publisher');
    expect(first?.supplements).toEqual([
      expect.objectContaining({
        name: 'efficiency.csv',
        label: '衍射效率数据',
        enLabel: 'Diffraction efficiency data',
        size: 43,
        contentType: 'text/csv; charset=utf-8',
      }),
    ]);
    // the same PDF named by two articles is one stored file
    const pdfIds = db
      .prepare("SELECT DISTINCT pdf_file_id AS id FROM articles WHERE doi LIKE '10.3788/AOS.2026.01.00%'")
      .all();
    expect(pdfIds).toHaveLength(1);
    const stored = db.prepare('SELECT data, sha256, byte_size FROM files WHERE id = ?').get(Number(pdfIds[0]?.['id']));
    expect(Buffer.from(stored?.['data'] as Uint8Array).equals(readFileSync(join(FIXTURE, 'pdf/2401.pdf')))).toBe(true);
    expect(stored?.['sha256']).toMatch(/^[0-9a-f]{64}$/);

    const files = count('SELECT COUNT(*) AS n FROM files');
    const updated = db.prepare("SELECT updated_at FROM articles WHERE doi = '10.3788/AOS.2026.01.001'").get();
    const again = await importContent(db, issue(), '2026-11-02T00:00:00.000Z', folderFiles(FIXTURE));
    expect([again.files, again.added, again.updated]).toEqual([0, 0, 0]);
    expect(count('SELECT COUNT(*) AS n FROM files')).toBe(files);
    expect(db.prepare("SELECT updated_at FROM articles WHERE doi = '10.3788/AOS.2026.01.001'").get()).toEqual(updated);
  });

  it('an article without a named PDF keeps the summary sheet; pdf: null takes the publisher’s PDF away again', async () => {
    const json = issue();
    delete articles(json)[1]?.['pdf'];
    await importContent(db, json, NOW, folderFiles(FIXTURE));
    expect((await getArticleByDoi(db, siteId(), '10.3788/AOS.2026.01.002'))?.pdfKind).toBe('summary');
    (articles(json)[0] as Json)['pdf'] = null;
    await importContent(db, json, NOW, folderFiles(FIXTURE));
    expect((await getArticleByDoi(db, siteId(), '10.3788/AOS.2026.01.001'))?.pdfKind).toBe('summary');
  });

  it('refuses a program named .pdf, a missing file, a too-big file, a path leaving the folder and an unknown type, all in one run, naming each record path; nothing is stored', async () => {
    const folder = join(dir, 'files');
    cpSync(FIXTURE, folder, { recursive: true });
    writeFileSync(join(folder, 'data/huge.csv'), '');
    truncateSync(join(folder, 'data/huge.csv'), IMPORT_FILE_MAX_BYTES + 1);
    copyFileSync(join(folder, 'pdf/setup.pdf'), join(folder, 'data/tool.exe'));
    const json = issue();
    Object.assign(articles(json)[0] as Json, {
      pdf: 'pdf/setup.pdf',
      supplementary: [{ file: 'data/huge.csv' }, { file: 'data/missing.csv' }, { file: 'data/tool.exe' }],
    });
    (articles(json)[1] as Json)['pdf'] = '../issue.json';
    const problems = await problemsOf(() => importContent(db, json, NOW, folderFiles(folder)));
    expect(problems).toEqual([
      'record articles[1]: field pdf: expected a relative path inside the files folder, such as pdf/2401.pdf (no .. and no leading /)',
      'record articles[0]: field pdf: pdf/setup.pdf is not a PDF: its bytes are a Windows program',
      'record articles[0]: field supplementary[0].file: data/huge.csv: a file has at most 100 MB (this one has 104,857,601 bytes)',
      "record articles[0]: field supplementary[1].file: data/missing.csv: no such file in the import's files",
      expect.stringMatching(
        /^record articles\[0\]: field supplementary\[2\]\.file: data\/tool\.exe: files of type \.exe are not accepted/,
      ),
    ]);
    expect(count('SELECT COUNT(*) AS n FROM files')).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM articles')).toBe(0);
  });

  it('a supplementary file whose bytes are not what its name says is refused', async () => {
    const folder = join(dir, 'files');
    cpSync(FIXTURE, folder, { recursive: true });
    copyFileSync(join(folder, 'pdf/2401.pdf'), join(folder, 'data/table.xlsx'));
    const json = issue();
    (articles(json)[0] as Json)['supplementary'] = [{ file: 'data/table.xlsx' }];
    expect(await problemsOf(() => importContent(db, json, NOW, folderFiles(folder)))).toEqual([
      'record articles[0]: field supplementary[0].file: data/table.xlsx is not what its name says (.xlsx): its bytes are a PDF',
    ]);
  });

  it('a record naming a file with no files folder given says what to do', async () => {
    expect((await problemsOf(() => importContent(db, issue(), NOW)))[0]).toBe(
      'record articles[0]: field pdf: pdf/2401.pdf: this import names files but has no files folder (give --files, or import a zip holding the JSON and its files)',
    );
  });

  it('imports from a zip holding the JSON and its files', async () => {
    const archive = join(dir, 'issue.zip');
    await zip(archive, {
      'issue.json': readFileSync(join(FIXTURE, 'issue.json')),
      'pdf/2401.pdf': readFileSync(join(FIXTURE, 'pdf/2401.pdf')),
      'data/efficiency.csv': readFileSync(join(FIXTURE, 'data/efficiency.csv')),
    });
    const { folder, jsonFiles } = await unpackZip(archive);
    try {
      expect(jsonFiles).toEqual(['issue.json']);
      const json: unknown = JSON.parse(readFileSync(join(folder, 'issue.json'), 'utf8'));
      expect((await importContent(db, json, NOW, folderFiles(folder))).files).toBe(2);
      expect((await getArticleByDoi(db, siteId(), '10.3788/AOS.2026.01.001'))?.supplements).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a zip whose entry would land outside the folder (zip-slip), one with too many entries, and one unpacking to too many bytes', async () => {
    const slip = join(dir, 'slip.zip');
    await zip(slip, { 'xx/evil.txt': 'owned' });
    // yazl will not write a '..' name: the same bytes with the folder renamed in both headers
    const bytes = readFileSync(slip);
    writeFileSync(
      slip,
      Buffer.from(bytes.toString('latin1').replaceAll('xx/evil.txt', '../evil.t'.padEnd(11, 'x')), 'latin1'),
    );
    await expect(unpackZip(slip)).rejects.toThrow(ZipProblem);
    expect(existsSync(join(tmpdir(), 'evil.txx'))).toBe(false);

    const many = join(dir, 'many.zip');
    await zip(many, Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x'])));
    await expect(unpackZip(many, { bytes: 1024 * 1024, entries: 10 })).rejects.toThrow(
      'the zip holds too many entries: 11 (at most 10)',
    );

    const bomb = join(dir, 'bomb.zip');
    await zip(bomb, { 'zeros.txt': new Uint8Array(1024 * 1024) });
    expect(readFileSync(bomb).byteLength).toBeLessThan(16 * 1024);
    await expect(unpackZip(bomb, { bytes: 100 * 1024, entries: 10 })).rejects.toThrow(
      'the zip unpacks to more than 102400 bytes',
    );
  });
});
