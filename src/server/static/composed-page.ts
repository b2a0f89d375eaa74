/**
 * A prebuilt page with its version's shell (shell-compose.ts), compressed on the first request
 * (fast levels: it is made once per page, shell version and encoding, then served from memory), with ETags
 * that name the shell version so a client revalidating after a shell change gets the new page.
 */
import { fastBrotli, fastGzip } from './fast-compress.ts';
import { composePage, type ShellTemplates } from './shell-compose.ts';

/** The composed page, and its compressed twins made on the first request that asks for each. */
export type ComposedPage = { identity: Buffer; br: () => Promise<Buffer>; gzip: () => Promise<Buffer> };

const once = (make: () => Promise<Buffer>): (() => Promise<Buffer>) => {
  let made: Promise<Buffer> | null = null;
  return () => {
    made ??= make();
    return made;
  };
};

/**
 * The page with the templates' shell; 'current' when it already has that shell (its files serve
 * as they are), null when it cannot be composed (it must be rendered). Compressing waits for a
 * client that asks for it: most ask for one encoding only, and a checker for none.
 */
export function composedPage(html: Buffer, templates: ShellTemplates): ComposedPage | 'current' | null {
  const text = html.toString('utf8');
  const composed = composePage(text, templates);
  if (composed === null) return null;
  if (composed === text) return 'current';
  const identity = Buffer.from(composed);
  return {
    identity,
    br: once(() => fastBrotli(identity)),
    gzip: once(() => fastGzip(identity)),
  };
}

/** A file's ETag with the shell version it was composed with. */
export const composedEtag = (etag: string, version: string) => etag.replace(/"$/, `-s${version.slice(0, 12)}"`);
