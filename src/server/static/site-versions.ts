/**
 * What a site version is made of relative to the one before it, so that a pass can start from a
 * folder it already has instead of linking every file of the live version into a new one.
 * Each version folder a pass makes holds `.version`: the version it was made from (`base`, a
 * folder name under .builds/) and the files it changed (written, replaced or removed). A folder
 * that is not live and whose content the chain of `.version` files relates to the live one (an
 * older version, or the spare a full build leaves) is claimed under a fresh name and brought up
 * to date by relinking only the files changed since: a pass then costs what it renders.
 * Files of a claimed folder are hard links shared with other versions: they are always removed
 * before being written, never written through.
 */
import { link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { fileForPath } from './paths.ts';
import { BUILDS, claimBuildFolder, discardBuild, freshBuildFolder, isFinished, markFinished } from './site-folder.ts';

const VERSION_FILE = '.version';
/** the version's pages ('/zh/article/1/'), so a pass need not list the folder's files */
export const PAGES_FILE = '.pages';
const LINKS_IN_FLIGHT = 64;
/** versions walked back from the live one: pruning keeps fewer */
const CHAIN_DEPTH = 8;

const versionSchema = z.object({ base: z.string().min(1).nullable(), changed: z.array(z.string()) });
type VersionRecord = z.infer<typeof versionSchema>;

async function readVersion(folder: string): Promise<VersionRecord | null> {
  try {
    return versionSchema.parse(JSON.parse(await readFile(join(folder, VERSION_FILE), 'utf8')));
  } catch {
    return null;
  }
}

export async function writeVersion(folder: string, base: string | null, changed: Iterable<string>): Promise<void> {
  await rm(join(folder, VERSION_FILE), { force: true });
  await writeFile(join(folder, VERSION_FILE), JSON.stringify({ base, changed: [...new Set(changed)] }));
}

/** The page a URL path names, as the version's file of it spells it ('/zh/中文/'); null for none. */
export function pageKey(path: string): string | null {
  const file = fileForPath('/', path);
  return file?.endsWith('/index.html') && file !== '/index.html' ? file.slice(0, -'index.html'.length) : null;
}

/** A page's files in a version folder, relative to it. */
export const pageFiles = (page: string): string[] => {
  const file = `${page.slice(1)}index.html`;
  return [file, `${file}.br`, `${file}.gz`];
};

export async function readPages(folder: string): Promise<Set<string> | null> {
  try {
    const pages = z.array(z.string()).parse(JSON.parse(await readFile(join(folder, PAGES_FILE), 'utf8')));
    return new Set(pages);
  } catch {
    return null;
  }
}

export async function writePages(folder: string, pages: Iterable<string>): Promise<void> {
  await rm(join(folder, PAGES_FILE), { force: true });
  await writeFile(join(folder, PAGES_FILE), JSON.stringify([...pages]));
}

const nameOf = (folder: string) => folder.slice(folder.lastIndexOf('/') + 1);

/** Relinks `files` from `from` into `into` (removing what `into` had there): `into` then equals `from` at those files. */
async function relink(from: string, into: string, files: readonly string[]): Promise<number> {
  let linked = 0;
  for (let i = 0; i < files.length; i += LINKS_IN_FLIGHT) {
    await Promise.all(
      files.slice(i, i + LINKS_IN_FLIGHT).map(async (file) => {
        const target = join(into, file);
        await rm(target, { force: true });
        try {
          await link(join(from, file), target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          // a new page's folder, or a file `from` no longer has
          await mkdir(dirname(target), { recursive: true });
          await link(join(from, file), target).catch((again: NodeJS.ErrnoException) => {
            if (again.code !== 'ENOENT') throw again;
            return null;
          });
        }
        linked++;
      }),
    );
  }
  return linked;
}

/**
 * A folder holding the live version's content, made from an older version or a spare: claimed
 * (marked as being written and renamed, so no reader or other process takes it for what it was)
 * and caught up. Null when no folder relates to the live one: the caller links a whole copy.
 */
export async function reuseVersion(
  sitesDir: string,
  sld: string,
  live: string,
): Promise<{ folder: string; caughtUp: number } | null> {
  // what differs between the live version and each version it was made from
  const behind = new Map<string, Set<string>>([[nameOf(live), new Set()]]);
  let at = live;
  for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
    const record = await readVersion(at);
    if (!record?.base) break;
    const changed = new Set([...(behind.get(nameOf(at)) ?? []), ...record.changed]);
    if (behind.has(record.base)) break;
    behind.set(record.base, changed);
    at = join(sitesDir, BUILDS, record.base);
  }
  const names = await readdir(join(sitesDir, BUILDS)).catch(() => [] as string[]);
  let best: { name: string; files: Set<string> } | null = null;
  for (const name of names) {
    if (!name.startsWith(`${sld}.`) || name === nameOf(live)) continue;
    const folder = join(sitesDir, BUILDS, name);
    let files = behind.get(name);
    if (!files) {
      const record = await readVersion(folder);
      const base = record?.base ? behind.get(record.base) : undefined;
      if (!record || !base) continue;
      files = new Set([...base, ...record.changed]);
    }
    if ((best === null || files.size < best.files.size) && (await isFinished(folder))) best = { name, files };
  }
  if (best === null) return null;
  const folder = await claimBuildFolder(sitesDir, sld, join(sitesDir, BUILDS, best.name));
  if (folder === null) return null;
  try {
    const caughtUp = await relink(live, folder, [...best.files]);
    return { folder, caughtUp };
  } catch (error) {
    await discardBuild(folder);
    throw error;
  }
}

/** Every file under root, relative ('zh/home/index.html'), hidden entries of the root left out. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((file) => !file.startsWith('.'));
}

/** Hidden files a copy carries: the shell templates and the list of pages. */
const CARRIED_HIDDEN = ['.shell-templates.json', PAGES_FILE, '.shell'] as const;

/** Links every file of `from` into `into` except those `skip` names; returns how many. */
export async function linkCopy(
  from: string,
  into: string,
  skip: (file: string) => boolean = () => false,
): Promise<number> {
  const files = [...(await filesUnder(from)), ...CARRIED_HIDDEN].filter((file) => !skip(file));
  // each folder once (a page's three files share one), then the links: half the system calls
  const folders = [...new Set(files.map((file) => dirname(join(into, file))))];
  for (let i = 0; i < folders.length; i += LINKS_IN_FLIGHT)
    await Promise.all(folders.slice(i, i + LINKS_IN_FLIGHT).map((dir) => mkdir(dir, { recursive: true })));
  let linked = 0;
  for (let i = 0; i < files.length; i += LINKS_IN_FLIGHT) {
    await Promise.all(
      files.slice(i, i + LINKS_IN_FLIGHT).map(async (file) => {
        try {
          await link(join(from, file), join(into, file));
          linked++;
        } catch (error) {
          // a hidden file the version does not have
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }),
    );
  }
  return linked;
}

/**
 * After a full build: a linked copy of the new live version, left beside it so that the first pass
 * over changes starts from it (the copy costs one link per file, once per full build, off the
 * passes' path). A failure leaves no spare: passes then link a copy themselves.
 */
export async function prepareSpare(sitesDir: string, sld: string, live: string): Promise<boolean> {
  const folder = await freshBuildFolder(sitesDir, sld);
  try {
    await linkCopy(live, folder);
    await writeVersion(folder, nameOf(live), []);
    await markFinished(folder);
    return true;
  } catch {
    await discardBuild(folder);
    return false;
  }
}
