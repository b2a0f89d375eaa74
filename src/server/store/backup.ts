/**
 * Backups of the SQLite database: an online copy while the server runs, and a restore that only
 * runs when nothing else has the database open. Engine-specific on purpose (SQLite's backup API,
 * its locks and PRAGMA integrity_check); a PostgreSQL store would answer with pg_dump/pg_restore.
 */

import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { openDb } from './db.ts';

export type BackupProgress = (copiedPages: number, totalPages: number) => void;

/** pages copied per step: each step reports progress, and writers only wait for one step's read */
const PAGES_PER_STEP = 256;

export class RestoreRefused extends Error {}

/**
 * Copies db to file as it was when the copy started, while other connections and processes keep
 * writing. Written beside file and renamed into place, so a failed copy never looks like a backup.
 */
export async function backupDatabase(
  path: string,
  file: string,
  onProgress?: BackupProgress,
): Promise<{ pages: number }> {
  if (!existsSync(path)) throw new Error(`${path}: no such database`);
  if (resolve(path) === resolve(file)) throw new Error('the backup cannot be the live database itself');
  const partial = `${file}.partial`;
  mkdirSync(dirname(resolve(file)), { recursive: true });
  rmSync(partial, { force: true });
  // its own connection, without migrations: a backup writes nothing to the live database
  const db = new DatabaseSync(path);
  db.exec('PRAGMA busy_timeout = 5000');
  // One read transaction for the whole copy: every step reads the same snapshot, so writes from
  // other processes neither restart the copy (as they would between steps) nor tear it.
  db.exec('BEGIN');
  try {
    db.prepare('SELECT COUNT(*) FROM sqlite_schema').get();
    const pages = await backup(db, partial, {
      rate: PAGES_PER_STEP,
      progress: ({ totalPages, remainingPages }) => onProgress?.(totalPages - remainingPages, totalPages),
    });
    onProgress?.(pages, pages);
    selfContained(partial);
    const problem = integrityProblem(partial);
    if (problem) throw new Error(`the copy failed its integrity check: ${problem}`);
    renameSync(partial, file);
    return { pages };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.exec('COMMIT');
    db.close();
  }
}

/** The copy keeps the source's WAL mode; a backup is one file, so it leaves WAL (openDb turns it back on). */
function selfContained(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** null when the file is a sound SQLite database, else what PRAGMA integrity_check (or opening it) says */
export function integrityProblem(file: string): string | null {
  if (!existsSync(file)) return 'no such file';
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const rows = db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => String(row['integrity_check']));
    if (rows.join() !== 'ok') return rows.slice(0, 5).join('; ');
    const portal = db
      .prepare("SELECT COUNT(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    return Number(portal?.['n']) === 1 ? null : 'not a portal database (no schema_migrations table)';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/**
 * Refuses (RestoreRefused) unless no other connection has the live database open: leaving WAL mode
 * needs every other connection closed, and a running server, worker or import keeps one open.
 */
function claimIdle(path: string): void {
  const live = new DatabaseSync(path);
  try {
    live.exec('PRAGMA busy_timeout = 0');
    let mode = '';
    try {
      mode = String(live.prepare('PRAGMA journal_mode = DELETE').get()?.['journal_mode']);
    } catch {
      mode = 'busy';
    }
    if (mode !== 'delete')
      throw new RestoreRefused(`${path} is open in another process (is the server running?): stop it, then restore`);
  } finally {
    live.close();
  }
}

/**
 * Puts a backup in place of the database at path, with nothing else using it: checks the backup's
 * integrity first, keeps the replaced database as {path}.replaced-{time}, and brings the restored
 * one up to the current migrations. Returns where the replaced database was kept (null if none).
 */
export async function restoreDatabase(
  path: string,
  file: string,
  now: Date = new Date(),
  onProgress?: BackupProgress,
): Promise<{ keptAs: string | null }> {
  if (resolve(path) === resolve(file)) throw new RestoreRefused('the backup is the live database itself');
  const problem = integrityProblem(file);
  if (problem) throw new RestoreRefused(`${file} is not a sound backup, nothing was changed: ${problem}`);
  const exists = existsSync(path);
  if (exists) claimIdle(path);
  const incoming = `${path}.restoring`;
  rmSync(incoming, { force: true });
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    const pages = await backup(source, incoming, {
      rate: PAGES_PER_STEP,
      progress: ({ totalPages, remainingPages }) => onProgress?.(totalPages - remainingPages, totalPages),
    });
    onProgress?.(pages, pages);
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  } finally {
    source.close();
  }
  let keptAs: string | null = null;
  if (exists) {
    keptAs = `${path}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, keptAs);
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  }
  renameSync(incoming, path);
  openDb(path).close();
  return { keptAs };
}
