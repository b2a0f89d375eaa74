/**
 * The publish job: every few seconds (PUBLISH_CHECK_SECONDS, at most a minute) it asks the store
 * which articles, issues and news items became visible since its last look, and which articles
 * were removed (or had their removal lifted). Pages, lists, search, feeds and OAI-PMH compare with
 * the current time on their own; what the job refreshes is what was made earlier: it records
 * those items in the change log, so the change feed re-renders the prebuilt pages that show them,
 * recounts the citations an appearing article adds, and sends the subscribers' digests that were
 * waiting for the item to appear. Every server with the builder runs it; each span is looked at by
 * one of them (src/server/store/job-runs.ts), so an item is recorded once.
 */
import { z } from 'zod';
import { recountAppeared } from './store/bulk/cited-by.ts';
import { type ContentChange, changeOrigin, recordChanges } from './store/changes.ts';
import type { Db } from './store/db.ts';
import { runJobSpan } from './store/job-runs.ts';
import { publishedBetween, removedArticlesBySite } from './store/publish-schedule.ts';
import { visibilityNow } from './store/visibility.ts';

const JOB = 'publish';

export type PublishJobDeps = {
  db: Db;
  /** this server, as the store names who ran a span */
  owner: string;
  intervalMs: number;
  /** sends the digests whose items are visible now; answers how many mails went out */
  sendDigests(): Promise<number>;
  now?: () => Date;
  log?: (message: string, error: unknown) => void;
};

/** published, removed: the sites concerned; changes: what was recorded in the change log */
export type PublishTick = { published: number[]; removed: number[]; digests: number; changes: ContentChange[] };

export type PublishJob = {
  /** one look now (the timer calls it; tests may too) */
  tick(): Promise<PublishTick>;
  stop(): void;
};

export function startPublishJob(deps: PublishJobDeps): PublishJob {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message, error) => console.error(message, error));
  // where the first span starts when no server has run the job on this store: an item due while
  // the server was down has its digest sent at the first look (after that, the store knows)
  const from = visibilityNow(new Date(now().getTime() - deps.intervalMs));
  let first = true;
  let running: Promise<PublishTick> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const look = async (): Promise<PublishTick> => {
    const until = visibilityNow(now());
    // null: another server looked at this span
    const seen = await runJobSpan(
      deps.db,
      { job: JOB, owner: deps.owner, now: now(), from, until },
      async (trx, last) => {
        const appeared = await publishedBetween(trx, last.since, until);
        const removedNow = await removedArticlesBySite(trx);
        const removedBefore = removedOf(last.state);
        const removals = removedBefore === null ? [] : removalChanges(removedBefore, removedNow);
        // an article counts as a citation from its publish time: the pages re-rendered for it show the new counts
        await recountAppeared(
          trx,
          appeared.flatMap((change) => (change.kind === 'article' ? change.ids : [])),
          until,
        );
        await recordChanges(trx, [...appeared, ...removals], changeOrigin('publish job'), now());
        return { result: { appeared, removals }, state: removedState(removedNow) };
      },
    );
    const { appeared, removals } = seen ?? { appeared: [], removals: [] };
    const published = [...new Set(appeared.map((change) => change.siteId))].sort((a, b) => a - b);
    const digests = published.length > 0 || first ? await deps.sendDigests() : 0;
    first = false;
    const removed = [...new Set(removals.map((change) => change.siteId))].sort((a, b) => a - b);
    return { published, removed, digests, changes: [...appeared, ...removals] };
  };

  const tick = () => {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log('publish job: the check failed', error))
        .finally(schedule);
    }, deps.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The removed articles a look saw, kept in the store for the next look, whichever server makes it. */
const removedSchema = z.record(z.string(), z.array(z.number().int()));

function removedState(removed: Map<number, Set<number>>): string {
  return JSON.stringify(Object.fromEntries([...removed].map(([siteId, ids]) => [siteId, [...ids]])));
}

/**
 * The removed articles the last look saw; null when none was kept, or one this version cannot
 * read: then this look only notes them, as a first look does (a throw would stop the job for good).
 */
function removedOf(state: string | null): Map<number, Set<number>> | null {
  if (state === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(state);
  } catch {
    return null;
  }
  const parsed = removedSchema.safeParse(json);
  if (!parsed.success) return null;
  return new Map(Object.entries(parsed.data).map(([siteId, ids]) => [Number(siteId), new Set(ids)]));
}

/** Articles removed since the last look, and articles whose removal was lifted (visible again). */
function removalChanges(before: Map<number, Set<number>>, now: Map<number, Set<number>>): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const siteId of new Set([...before.keys(), ...now.keys()])) {
    const was = before.get(siteId) ?? new Set<number>();
    const is = now.get(siteId) ?? new Set<number>();
    const removed = [...is].filter((id) => !was.has(id));
    const lifted = [...was].filter((id) => !is.has(id));
    if (removed.length > 0) changes.push({ siteId, kind: 'article', action: 'removed', ids: removed });
    if (lifted.length > 0) changes.push({ siteId, kind: 'article', action: 'added', ids: lifted });
  }
  return changes;
}
