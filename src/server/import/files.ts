/**
 * Where an import's files come from: a folder (`--files`, by default the JSON file's own folder)
 * or a zip archive holding the JSON and its files. A zip is unpacked into a temporary folder first
 * (streamed entry by entry, never held in memory), so both are read the same way, one file at a
 * time. Paths in records are relative; none may leave the folder (`..`, absolute paths, links).
 */
import {
  closeSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { importProblemText, type KeyedProblem } from '../../i18n/import-problems.ts';
import { IMPORT_ZIP_MAX_BYTES, IMPORT_ZIP_MAX_ENTRIES } from '../../lib/constants.ts';

export type ImportFiles = {
  /** the real path of a named file inside the folder, or null when there is none */
  locate(path: string): string | null;
  /** the first bytes of a located file */
  head(real: string, length: number): Uint8Array;
  read(real: string): Uint8Array;
  size(real: string): number;
};

/** A record's path names a file below the folder: relative, no `..` step, no NUL. */
export function safeRelativePath(path: string): boolean {
  if (path === '' || path.includes('\0') || isAbsolute(path) || /^[a-zA-Z]:/.test(path)) return false;
  return !path.split(/[/\\]/).some((step) => step === '..');
}

export function folderFiles(folder: string): ImportFiles {
  const root = realpathSync(folder);
  return {
    locate(path) {
      if (!safeRelativePath(path)) return null;
      let real: string;
      try {
        real = realpathSync(resolve(root, path));
      } catch {
        return null;
      }
      // a symbolic link may point outside the folder: what it points to must still be inside
      const inside = relative(root, real);
      if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
      return statSync(real).isFile() ? real : null;
    },
    head(real, length) {
      const fd = openSync(real, 'r');
      try {
        const buffer = new Uint8Array(length);
        const read = readSync(fd, buffer, 0, length, 0);
        return buffer.subarray(0, read);
      } finally {
        closeSync(fd);
      }
    },
    read: (real) => new Uint8Array(readFileSync(real)),
    size: (real) => statSync(real).size,
  };
}

/**
 * A zip refused: keyed, so the console words it in the editor's language; the message is the
 * English wording, with the zip library's own text after it when that says why (for the shell).
 */
export class ZipProblem extends Error {
  readonly problem: KeyedProblem;
  constructor(problem: KeyedProblem, detail?: string) {
    const english = importProblemText(problem, 'en');
    super(detail ? `${english}: ${detail}` : english);
    this.name = 'ZipProblem';
    this.problem = problem;
  }
}

// byte and entry counts as strings: the shell prints them as the limits are written
const tooLarge = (bytes: number) => new ZipProblem({ code: 'zipTooLarge', params: { max: String(bytes) } });
const outside = (name: string) => new ZipProblem({ code: 'zipEntryOutside', params: { name } });

const openZip = (path: string) =>
  new Promise<ZipFile>((done, fail) =>
    yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) =>
      error ? fail(error) : done(zip),
    ),
  );

const readStream = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((done, fail) =>
    zip.openReadStream(entry, (error, stream) => (error ? fail(error) : done(stream))),
  );

/**
 * Unpacks a zip into a new temporary folder. Refuses (ZipProblem) more than IMPORT_ZIP_MAX_ENTRIES
 * entries, more than IMPORT_ZIP_MAX_BYTES unpacked in all (counted as the bytes come, whatever the
 * headers claim) and any name that would leave the folder. The caller removes the folder.
 */
export async function unpackZip(
  zipPath: string,
  limits: { bytes: number; entries: number } = { bytes: IMPORT_ZIP_MAX_BYTES, entries: IMPORT_ZIP_MAX_ENTRIES },
): Promise<{ folder: string; jsonFiles: string[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-import-'));
  const jsonFiles: string[] = [];
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(zipPath);
    const opened = zip;
    if (opened.entryCount > limits.entries)
      throw new ZipProblem({
        code: 'zipTooManyEntries',
        params: { count: String(opened.entryCount), max: String(limits.entries) },
      });
    let total = 0;
    await new Promise<void>((done, fail) => {
      opened.on('error', fail);
      opened.on('end', done);
      opened.on('entry', (entry: Entry) => {
        (async () => {
          const name = entry.fileName;
          if (!safeRelativePath(name)) throw outside(name);
          if (name.endsWith('/')) return;
          if (total + entry.uncompressedSize > limits.bytes) throw tooLarge(limits.bytes);
          const target = resolve(folder, name);
          if (!target.startsWith(folder + sep)) throw outside(name);
          mkdirSync(dirname(target), { recursive: true });
          const count = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              total += chunk.byteLength;
              if (total > limits.bytes) next(tooLarge(limits.bytes));
              else next(null, chunk);
            },
          });
          await pipeline(await readStream(opened, entry), count, createWriteStream(target, { flags: 'wx' }));
          if (!name.includes('/') && name.toLowerCase().endsWith('.json')) jsonFiles.push(name);
        })().then(() => opened.readEntry(), fail);
      });
      opened.readEntry();
    });
    return { folder, jsonFiles };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    if (error instanceof ZipProblem) throw error;
    throw new ZipProblem({ code: 'zipUnreadable' }, error instanceof Error ? error.message : String(error));
  } finally {
    zip?.close();
  }
}
