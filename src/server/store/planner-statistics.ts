/**
 * The planner's statistics (SQLite: sqlite_stat1). Without them SQLite guesses, and at 100,000
 * articles some guesses walk a whole site's rows. Engine-specific, so behind these
 * named functions; PostgreSQL's autovacuum gathers its own.
 */
import type { Db } from './db.ts';

/**
 * After a seed: gathers statistics for every table, reading every index whole (about 6 s at
 * 100,000 articles; a sampled ANALYZE guessed ~1,000 rows for a site's 134,000 daily counts).
 */
export function gatherStatistics(db: Db): void {
  if (db.engine === 'sqlite') db.exec('ANALYZE');
}

/**
 * For a long-lived connection, as SQLite advises: at open (every table, analysing those never
 * analysed or grown tenfold) and before close or periodically (the tables this connection used).
 */
export function refreshStatistics(db: Db, moment: 'open' | 'periodic'): void {
  if (db.engine === 'sqlite') db.exec(moment === 'open' ? 'PRAGMA optimize = 0x10002' : 'PRAGMA optimize');
}

export type PlannerStat = { tbl: string; idx: string | null; stat: string };

/** @internal The statistics as stored, for a test that judges plans with a large database's statistics. */
export function plannerStatistics(db: Db): PlannerStat[] {
  return db
    .prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx')
    .all()
    .map((row) => ({
      tbl: String(row['tbl']),
      idx: row['idx'] === null ? null : String(row['idx']),
      stat: String(row['stat']),
    }));
}
