/**
 * The publish job: every few seconds (PUBLISH_CHECK_SECONDS, at most a minute) it asks the store
 * which articles, issues and news items became visible since its last look, and which articles
 * were removed (or had their removal lifted). Pages, lists, search, feeds and OAI-PMH compare with
 * the current time on their own; what the job refreshes is what was made earlier: it records
 * those items in the change log, so the change feed re-renders the prebuilt pages that show them,
 * recounts the citations an appearing article adds, and sends the subscribers' digests that were
 * waiting for the item to appear.
 */
import { recountAppeared } from './store/bulk/cited-by.ts';
import { type ContentChange, changeOrigin, recordChanges } from './store/changes.ts';
import type { Db } from './store/db.ts';
import { publishedBetween, removedArticlesBySite } from './store/publish-schedule.ts';
import { visibilityNow } from './store/visibility.ts';

export type PublishJobDeps = {
  db: Db;
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
  // an item due while the server was down: its digest goes out at the first look
  let since = visibilityNow(new Date(now().getTime() - deps.intervalMs));
  let removedBefore: Map<number, Set<number>> | null = null;
  let first = true;
  let running: Promise<PublishTick> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const look = async (): Promise<PublishTick> => {
    const until = visibilityNow(now());
    const appeared = await publishedBetween(deps.db, since, until);
    const removedNow = await removedArticlesBySite(deps.db);
    const removals = removedBefore === null ? [] : removalChanges(removedBefore, removedNow);
    const changes = [...appeared, ...removals];
    // an article counts as a citation from its publish time: the pages re-rendered for it show the new counts
    await recountAppeared(
      deps.db,
      appeared.flatMap((change) => (change.kind === 'article' ? change.ids : [])),
      until,
    );
    // recorded before the cursor moves on: a failed write is looked at again at the next tick
    await recordChanges(deps.db, changes, changeOrigin('publish job'), now());
    since = until;
    removedBefore = removedNow;
    const published = [...new Set(appeared.map((change) => change.siteId))].sort((a, b) => a - b);
    const digests = published.length > 0 || first ? await deps.sendDigests() : 0;
    first = false;
    const removed = [...new Set(removals.map((change) => change.siteId))].sort((a, b) => a - b);
    return { published, removed, digests, changes };
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
