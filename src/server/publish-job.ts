/**
 * The publish job: every few seconds (PUBLISH_CHECK_SECONDS, at most a minute) it asks the store
 * which sites have an article, issue or news item whose publish time came since its last look,
 * and which sites' count of removed articles changed. Pages, lists, search, feeds and OAI-PMH
 * compare with the current time on their own; what the job refreshes is what was made earlier:
 * the prebuilt pages of those sites (a rebuild) and the subscribers' digests that were waiting
 * for the item to appear. Nobody has to act when a scheduled item's time comes.
 */
import type { Db } from './store/db.ts';
import { removedCountsBySite, sitesPublishedBetween } from './store/publish-schedule.ts';
import { visibilityNow } from './store/visibility.ts';

export type PublishJobDeps = {
  db: Db;
  intervalMs: number;
  /** refreshes a site's prebuilt pages (a no-op for a site that is not prebuilt) */
  rebuild(siteId: number): Promise<unknown>;
  /** sends the digests whose items are visible now; answers how many mails went out */
  sendDigests(): Promise<number>;
  now?: () => Date;
  log?: (message: string, error: unknown) => void;
};

export type PublishTick = { published: number[]; removed: number[]; digests: number };

export type PublishJob = {
  /** one look now (the timer calls it; tests may too) */
  tick(): Promise<PublishTick>;
  stop(): void;
};

export function startPublishJob(deps: PublishJobDeps): PublishJob {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message, error) => console.error(message, error));
  // an item due while the server was down: its digest goes out at the first look
  let since = visibilityNow(new Date(now().getTime() - deps.intervalMs));
  let removedBefore: Map<number, number> | null = null;
  let first = true;
  let running: Promise<PublishTick> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const look = async (): Promise<PublishTick> => {
    const until = visibilityNow(now());
    const published = await sitesPublishedBetween(deps.db, since, until);
    since = until;
    const removedNow = await removedCountsBySite(deps.db);
    const removed = removedBefore === null ? [] : [...new Set([...removedNow.keys(), ...removedBefore.keys()])].filter((site) => removedNow.get(site) !== removedBefore?.get(site));
    removedBefore = removedNow;
    const digests = published.length > 0 || first ? await deps.sendDigests() : 0;
    first = false;
    for (const siteId of new Set([...published, ...removed])) {
      deps.rebuild(siteId).catch((error: unknown) => log(`publish job: rebuilding site ${siteId} failed`, error));
    }
    return { published, removed, digests };
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
