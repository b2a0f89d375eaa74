/**
 * Follows the change log (src/server/store/changes.ts) for the process that owns the builder:
 * a cursor kept in memory, starting where the caller says (the oldest change a prebuilt site has
 * not rendered, src/server/build/unrendered-changes.ts) or else at the newest change, read whenever
 * the signal wakes it. The signal is a timer here; a PostgreSQL LISTEN/NOTIFY listener can wake
 * the same reader. Changes that arrive while a pass runs
 * wait for its end and are applied together in the next one, so a burst is one pass.
 */
import { changesSince, lastChangeId, pruneChanges, type RecordedChange } from '../store/changes.ts';
import type { Db } from '../store/db.ts';

/** Something that wakes the reader: a timer, or a database notification. Returns its stop. */
export type ChangeSignal = (wake: () => void) => () => void;

export const POLL_MS = 250;
/** Changes older than this are deleted at start-up: every server has long applied them. */
const KEEP_DAYS = 7;

export function pollEvery(ms: number = POLL_MS): ChangeSignal {
  return (wake) => {
    const timer = setInterval(wake, ms);
    timer.unref();
    return () => clearInterval(timer);
  };
}

export type ChangeFeed = {
  /** resolves when every change recorded so far has been applied */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

export async function followChanges(options: {
  db: Db;
  apply(changes: RecordedChange[]): Promise<void>;
  /** the changes after this id are read first (default: none, from the newest on) */
  from?: number;
  signal?: ChangeSignal;
  log?: (message: string, error: unknown) => void;
}): Promise<ChangeFeed> {
  const log = options.log ?? ((message, error) => console.error(message, error));
  await pruneChanges(options.db, new Date(Date.now() - KEEP_DAYS * 24 * 3600 * 1000)).catch((error: unknown) =>
    log('pruning the change log failed', error),
  );
  let cursor = options.from ?? (await lastChangeId(options.db));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const readAll = async () => {
    const changes: RecordedChange[] = [];
    for (;;) {
      const batch = await changesSince(options.db, cursor);
      if (batch.length === 0) return changes;
      cursor = batch[batch.length - 1]?.id ?? cursor;
      changes.push(...batch);
    }
  };
  const pass = async () => {
    do {
      again = false;
      const changes = await readAll();
      if (changes.length > 0)
        await options.apply(changes).catch((error: unknown) => log('applying changes failed', error));
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log('reading the change log failed', error))
      .finally(() => {
        running = null;
      });
  };
  const stopSignal = (options.signal ?? pollEvery())(wake);
  return {
    async settled() {
      wake();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      stopSignal();
      while (running) await running;
    },
  };
}
