/**
 * Layout of SITES_DIR: {sld} is a symlink to .builds/{sld}.{stamp}. A build writes a fresh folder
 * and then renames a new symlink over {sld}: one atomic step, so readers see the old site or the
 * new one, never half of either. The previous build is kept for readers still streaming from it.
 */
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const BUILDS = '.builds';
/** present while a build folder is being written */
const BUILDING = '.building';
const ABANDONED_MS = 60 * 60 * 1000;
/** complete versions kept per site besides the live one, for readers still streaming from them */
export const PREVIOUS_KEPT = 2;
let swapsInThisProcess = 0;

/** Grows with every swap this process makes, so in-process readers can drop what they remembered. */
export function swapGeneration(): number {
  return swapsInThisProcess;
}

/** Another process (the primary of a cluster) says it swapped a build in: treat it as our own swap. */
export function noteSwapElsewhere(): void {
  swapsInThisProcess++;
}

const freshName = (sitesDir: string, sld: string) =>
  join(
    sitesDir,
    BUILDS,
    `${sld}.${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  );

/** Creates an empty, uniquely named folder for a new build of a site. */
export async function freshBuildFolder(sitesDir: string, sld: string): Promise<string> {
  const folder = freshName(sitesDir, sld);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, BUILDING), String(process.pid));
  return folder;
}

/**
 * Takes a finished, not live version folder to write a new version in: marks it as being written
 * and renames it to a fresh name (a reader or cache that knew the old name never sees it change).
 * Null when another process took it first.
 */
export async function claimBuildFolder(sitesDir: string, sld: string, folder: string): Promise<string | null> {
  const claimed = freshName(sitesDir, sld);
  try {
    await writeFile(join(folder, BUILDING), String(process.pid), { flag: 'wx' });
  } catch {
    return null;
  }
  try {
    await rename(folder, claimed);
  } catch {
    await rm(join(folder, BUILDING), { force: true });
    return null;
  }
  return claimed;
}

/** A complete version: no build is writing it. */
export async function isFinished(folder: string): Promise<boolean> {
  return (await stat(join(folder, BUILDING)).catch(() => null)) === null;
}

/** Marks a folder written outside a swap (a spare) as complete. */
export async function markFinished(folder: string): Promise<void> {
  await rm(join(folder, BUILDING), { force: true });
}

/** Points {sld} at the new build atomically and deletes builds older than the previous one. */
export async function swapIn(sitesDir: string, sld: string, folder: string): Promise<void> {
  const link = join(sitesDir, sld);
  const target = join(BUILDS, folder.slice(folder.lastIndexOf('/') + 1));
  await rm(join(folder, BUILDING), { force: true });
  const previous = await currentTarget(sitesDir, sld);
  const temporary = join(sitesDir, `.${sld}.link-${Math.random().toString(36).slice(2, 10)}`);
  await symlink(target, temporary);
  const existing = await lstat(link).catch(() => null);
  if (existing && !existing.isSymbolicLink()) {
    // A plain folder from an older layout cannot be replaced by rename; move it aside first.
    await rename(link, join(sitesDir, BUILDS, `${sld}.legacy-${Date.now().toString(36)}`));
  }
  await rename(temporary, link);
  swapsInThisProcess++;
  await pruneBuilds(
    sitesDir,
    sld,
    [target, previous].filter((value): value is string => value !== null),
  );
}

/** Deletes an unfinished build. */
export async function discardBuild(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}

async function currentTarget(sitesDir: string, sld: string): Promise<string | null> {
  try {
    return await readlink(join(sitesDir, sld));
  } catch {
    return null;
  }
}

/** The live version's folder of a site (absolute), or null when it has none. */
export async function liveFolder(sitesDir: string, sld: string): Promise<string | null> {
  const target = await currentTarget(sitesDir, sld);
  return target === null ? null : resolve(sitesDir, target);
}

/** True while a process of this machine with this pid runs. */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A folder still being written by a live process (its marker names the pid); false for a finished or abandoned one. */
async function beingWritten(folder: string): Promise<boolean> {
  const marker = await stat(join(folder, BUILDING)).catch(() => null);
  if (marker === null || Date.now() - marker.mtimeMs > ABANDONED_MS) return false;
  const pid = Number.parseInt(await readFile(join(folder, BUILDING), 'utf8').catch(() => ''), 10);
  // a killed build's marker names a process that is gone: its folder is debris
  return !Number.isInteger(pid) || pid === process.pid || processAlive(pid);
}

/**
 * Start-up cleanup: removes what killed or replaced builds left under .builds/ (half-written
 * folders of processes that are gone, versions beyond the live one and PREVIOUS_KEPT previous
 * ones per site). Folders a running process is writing are left alone. Returns what it removed.
 */
export async function cleanBuilds(sitesDir: string): Promise<string[]> {
  const entries = await readdir(join(sitesDir, BUILDS)).catch(() => [] as string[]);
  const links = await readdir(sitesDir).catch(() => [] as string[]);
  const live = new Set<string>();
  for (const name of links) {
    const target = name.startsWith('.') ? null : await currentTarget(sitesDir, name);
    if (target) live.add(target.slice(target.lastIndexOf('/') + 1));
  }
  const removed: string[] = [];
  const previous = new Map<string, { name: string; mtimeMs: number }[]>();
  for (const name of entries) {
    if (live.has(name)) continue;
    const folder = join(sitesDir, BUILDS, name);
    if (await beingWritten(folder)) continue;
    const finished = (await stat(join(folder, BUILDING)).catch(() => null)) === null;
    if (!finished) {
      await rm(folder, { recursive: true, force: true });
      removed.push(name);
      continue;
    }
    const sld = name.slice(0, name.indexOf('.'));
    const info = await stat(folder).catch(() => null);
    previous.set(sld, [...(previous.get(sld) ?? []), { name, mtimeMs: info?.mtimeMs ?? 0 }]);
  }
  for (const versions of previous.values()) {
    versions.sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { name } of versions.slice(PREVIOUS_KEPT)) {
      await rm(join(sitesDir, BUILDS, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

async function pruneBuilds(sitesDir: string, sld: string, keep: string[]): Promise<void> {
  const kept = new Set(keep.map((target) => target.slice(target.lastIndexOf('/') + 1)));
  const entries = await readdir(join(sitesDir, BUILDS)).catch(() => [] as string[]);
  // Another process may be writing a folder right now; leave it unless it was abandoned.
  const stale = async (name: string) => !(await beingWritten(join(sitesDir, BUILDS, name)));
  for (const name of entries) {
    if (!name.startsWith(`${sld}.`) || kept.has(name) || !(await stale(name))) continue;
    await rm(join(sitesDir, BUILDS, name), { recursive: true, force: true });
  }
}

/** True when a site has a prebuilt folder in place. */
export async function hasBuild(sitesDir: string, sld: string): Promise<boolean> {
  return (await stat(join(sitesDir, sld)).catch(() => null))?.isDirectory() === true;
}
