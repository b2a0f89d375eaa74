/**
 * The runs of the periodic jobs every server starts (the publish job, the daily rollups): each job
 * has a row saying how far it has run, and a server runs the job's next span or day only by moving
 * that row on, which one server alone manages. So however many servers run a job, what it does
 * happens once. A plain row rather than PostgreSQL's advisory locks, as for the render leases:
 * the same on both engines and on one SQLite file shared by a machine's processes. `through` is an
 * ISO time or a day, compared as text.
 */
import type { Kysely } from 'kysely';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

export type JobRun = { job: string; owner: string; now: Date };

/**
 * Claims the job's run through `through` (a day): true for the one caller that moves the job there,
 * false when a server has run it that far already.
 */
export async function claimJobRun(db: Db, run: JobRun & { through: string }): Promise<boolean> {
  const claimed = await kysely(db)
    .insertInto('job_runs')
    .values({ job: run.job, through: run.through, owner: run.owner, ran_at: run.now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('job')
        .doUpdateSet((eb) => ({
          through: eb.ref('excluded.through'),
          owner: eb.ref('excluded.owner'),
          ran_at: eb.ref('excluded.ran_at'),
        }))
        .where((eb) => eb('job_runs.through', '<', eb.ref('excluded.through'))),
    )
    .returning('job')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** What a job's last run left: where its next span starts, and what it kept. */
export type LastRun = { since: string; state: string | null };

/**
 * Runs the job over the span from its last run to `until`, once across servers: in one
 * transaction that first takes the job's row (another server's run waits for its end, then finds
 * the span done), `work` runs over the span and the row moves to `until` with the state `work`
 * returns; its writes commit with the claim or not at all. Null, without calling `work`, when a
 * server has run the job through `until`. `from`: where the span of a job never run starts.
 */
export async function runJobSpan<T>(
  db: Db,
  run: JobRun & { from: string; until: string },
  work: (trx: Kysely<Database>, last: LastRun) => Promise<{ result: T; state: string | null }>,
): Promise<T | null> {
  const ranAt = run.now.toISOString();
  await kysely(db)
    .insertInto('job_runs')
    .values({ job: run.job, through: run.from, owner: run.owner, ran_at: ranAt })
    .onConflict((conflict) => conflict.column('job').doNothing())
    .execute();
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      // a write first: on SQLite it takes the write lock, on PostgreSQL the row's lock, before the read
      await trx
        .updateTable('job_runs')
        .set((eb) => ({ through: eb.ref('through') }))
        .where('job', '=', run.job)
        .execute();
      const last = await trx
        .selectFrom('job_runs')
        .select(['through', 'state'])
        .where('job', '=', run.job)
        .executeTakeFirstOrThrow();
      if (last.through >= run.until) return null;
      const done = await work(trx, { since: last.through, state: last.state });
      await trx
        .updateTable('job_runs')
        .set({ through: run.until, state: done.state, owner: run.owner, ran_at: ranAt })
        .where('job', '=', run.job)
        .execute();
      return done.result;
    });
}
