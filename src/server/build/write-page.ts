import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileForPath } from '../static/paths.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Made once at build time, served many times. Brotli 5: on a 60 KB page quality 9 took 33 ms and
 * quality 5 2.2 ms for a file 1% larger, and compression was three quarters of the build's time.
 */
export async function compressBoth(body: Uint8Array): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gz(body, { level: 9 }),
  ]);
  return { br, gz: gzipped };
}

/** Writes a file and its .br and .gz twins (the original first, so twins are never older). */
export async function writeWithTwins(file: string, body: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const twins = compressBoth(body);
  await writeFile(file, body);
  const { br, gz: gzipped } = await twins;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/** Writes a rendered page under root at the file its URL path maps to. */
export async function writePage(root: string, path: string, html: Uint8Array): Promise<void> {
  const file = fileForPath(root, path);
  if (!file) throw new Error(`refusing to write page for unsafe path ${path}`);
  await writeWithTwins(file, html);
}
