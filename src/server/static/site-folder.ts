/**
 * Layout of SITES_DIR: {sld} is a symlink to .builds/{sld}.{stamp}. A build writes a fresh folder
 * and then renames a new symlink over {sld}: one atomic step, so readers see the old site or the
 * new one, never half of either. The previous build is kept for readers still streaming from it.
 */
import { lstat, mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const BUILDS = '.builds';
/** present while a build folder is being written */
const BUILDING = '.building';
const ABANDONED_MS = 60 * 60 * 1000;
let swapsInThisProcess = 0;

/** Grows with every swap this process makes, so in-process readers can drop what they remembered. */
export function swapGeneration(): number {
  return swapsInThisProcess;
}

/** Another process (the primary of a cluster) says it swapped a build in: treat it as our own swap. */
export function noteSwapElsewhere(): void {
  swapsInThisProcess++;
}

/** Creates an empty, uniquely named folder for a new build of a site. */
export async function freshBuildFolder(sitesDir: string, sld: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const folder = join(sitesDir, BUILDS, `${sld}.${stamp}`);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, BUILDING), String(process.pid));
  return folder;
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
  await pruneBuilds(sitesDir, sld, [target, previous].filter((value): value is string => value !== null));
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

async function pruneBuilds(sitesDir: string, sld: string, keep: string[]): Promise<void> {
  const kept = new Set(keep.map((target) => target.slice(target.lastIndexOf('/') + 1)));
  const entries = await readdir(join(sitesDir, BUILDS)).catch(() => [] as string[]);
  const stale = async (name: string) => {
    // Another process may be writing this folder right now; leave it unless it was abandoned.
    const marker = await stat(join(sitesDir, BUILDS, name, BUILDING)).catch(() => null);
    return marker === null || Date.now() - marker.mtimeMs > ABANDONED_MS;
  };
  for (const name of entries) {
    if (!name.startsWith(`${sld}.`) || kept.has(name) || !(await stale(name))) continue;
    await rm(join(sitesDir, BUILDS, name), { recursive: true, force: true });
  }
}

/** True when a site has a prebuilt folder in place. */
export async function hasBuild(sitesDir: string, sld: string): Promise<boolean> {
  return (await stat(join(sitesDir, sld)).catch(() => null))?.isDirectory() === true;
}
