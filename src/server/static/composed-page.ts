/**
 * A prebuilt page with its version's shell (shell-compose.ts), compressed on the first request
 * (fast levels: it is made once per page and shell version, then served from memory), with ETags
 * that name the shell version so a client revalidating after a shell change gets the new page.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { composePage, type ShellTemplates } from './shell-compose.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Brotli 4 and gzip 4 took about 1 ms each on a 60 KB page, a few per cent larger than the build's level 5.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;

export type ComposedPage = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * The page with the templates' shell and its twins; 'current' when it already has that shell (its
 * files serve as they are), null when it cannot be composed (it must be rendered).
 */
export async function composedPage(html: Buffer, templates: ShellTemplates): Promise<ComposedPage | 'current' | null> {
  const text = html.toString('utf8');
  const composed = composePage(text, templates);
  if (composed === null) return null;
  if (composed === text) return 'current';
  const identity = Buffer.from(composed);
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gz(identity, { level: GZIP_LEVEL }),
  ]);
  return { identity, br, gzip: gzipped };
}

/** A file's ETag with the shell version it was composed with. */
export const composedEtag = (etag: string, version: string) => etag.replace(/"$/, `-s${version.slice(0, 12)}"`);
