/**
 * Backups of a PostgreSQL store by PostgreSQL's own tools (Debian's postgresql-client-15, which
 * the server package brings): pg_dump's custom format, one snapshot while the servers keep
 * writing, checked by reading its table of contents back; restored by pg_restore in one
 * transaction (all or nothing), with the servers stopped.
 */
import { execFile } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { RestoreRefused } from './backup.ts';
import { openPostgres } from './postgres.ts';

const run = promisify(execFile);

/** Debian's folder of PostgreSQL 15's programs, the version the portal is tested with. */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
/** The tool in Debian's folder; elsewhere the one on PATH. */
const tool = (name: 'pg_dump' | 'pg_restore') =>
  existsSync(join(DEBIAN_POSTGRES_BIN, name)) ? join(DEBIAN_POSTGRES_BIN, name) : name;

/** The tool's own words when it fails (its stderr), not Node's. */
async function runTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    return (await run(tool(name), args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} failed: ${stderr || (error instanceof Error ? error.message : String(error))}`);
  }
}

/** The tables whose rows a dump holds; throws when the file is not a dump pg_restore can read. */
async function dumpedTables(file: string): Promise<number> {
  const contents = await runTool('pg_restore', ['--list', file]);
  return contents.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
}

/** Writes the database at `url` to `file` (beside it first: a failed dump never looks like a backup). */
export async function backupPostgres(url: string, file: string): Promise<{ tables: number; bytes: number }> {
  const partial = `${file}.partial`;
  try {
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${partial}`,
      `--dbname=${url}`,
    ]);
    const tables = await dumpedTables(partial);
    renameSync(partial, file);
    return { tables, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Puts the dump in `file` in place of the database at `url`. Refuses a file that is not a dump,
 * and a database other sessions have open (a server still running would write into the restore).
 */
export async function restorePostgres(url: string, file: string): Promise<{ tables: number }> {
  const tables = await dumpedTables(file).catch((error: unknown) => {
    throw new RestoreRefused(`${file} is not a PostgreSQL dump (${error instanceof Error ? error.message : error})`);
  });
  const db = openPostgres(url);
  try {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
    const open = rows[0]?.n ?? 0;
    if (open > 0) throw new RestoreRefused(`${open} other session(s) have the database open: stop the servers first`);
  } finally {
    await db.destroy();
  }
  await runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
  return { tables };
}
