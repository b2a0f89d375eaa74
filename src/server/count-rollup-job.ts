/**
 * The daily job behind rankings: just after each UTC midnight (and at start) it moves every
 * site's ranking rollups to the new day (src/server/store/count-rollups.ts) and refreshes the
 * planner's statistics. Until it has run on a day, the first ranking read of that day recomputes
 * its site's rollups itself, so rankings are never stale; the job only keeps that cost off pages.
 * Every server runs it; one of them moves the rollups each day (src/server/store/job-runs.ts).
 */
import { refreshAllRollups } from './store/count-rollups.ts';
import type { Db } from './store/db.ts';
import { claimJobRun } from './store/job-runs.ts';
import { refreshStatistics } from './store/planner-statistics.ts';
import { visitDay } from './store/visits.ts';

export type CountRollupJob = { stop(): void };

/** owner: this server, as the store names who ran a day */
export function startCountRollupJob(db: Db, owner: string, now: () => Date = () => new Date()): CountRollupJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const at = now();
    const nextDay = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 0, 0, 5);
    timer = setTimeout(run, nextDay - at.getTime());
    timer.unref();
  };
  const run = async () => {
    try {
      const day = visitDay(now());
      if (await claimJobRun(db, { job: 'count rollups', owner, now: now(), through: day }))
        await refreshAllRollups(db, day);
      // the statistics are this connection's (SQLite), so every server refreshes its own
      refreshStatistics(db, 'periodic');
    } catch (error) {
      console.error('ranking rollups: the daily refresh failed', error);
    }
    schedule();
  };
  timer = setTimeout(run, 0);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      refreshStatistics(db, 'periodic');
    },
  };
}
