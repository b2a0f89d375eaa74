/**
 * Coalesces rebuild requests per site: while a build runs, any number of new requests become one
 * follow-up build, which starts when the running one ends and sees every change made meanwhile.
 */
export type RebuildOutcome<T> = { ok: true; summary: T } | { ok: false; error: string };

/** The error of a request made (or a follow-up build due) after stop(). */
export const STOPPING = 'not rebuilt: the server is stopping';

export type RebuildQueue<T> = {
  /** asks for a rebuild; resolves when a build that started after this call has finished */
  request(sld: string): Promise<RebuildOutcome<T>>;
  /** 'idle', 'running' or 'running+queued' */
  state(sld: string): string;
  /** the outcome of the last finished build */
  last(sld: string): RebuildOutcome<T> | undefined;
  /** resolves when no build is running or queued */
  idle(): Promise<void>;
  /** takes no more requests and drops queued follow-ups; running builds finish (idle() waits) */
  stop(): void;
};

type SiteState<T> = { running: Promise<RebuildOutcome<T>> | null; queued: Promise<RebuildOutcome<T>> | null };

export function createRebuildQueue<T>(build: (sld: string) => Promise<T>): RebuildQueue<T> {
  const sites = new Map<string, SiteState<T>>();
  const lastOutcome = new Map<string, RebuildOutcome<T>>();
  let stopped = false;
  const refused: RebuildOutcome<T> = { ok: false, error: STOPPING };

  const run = async (sld: string): Promise<RebuildOutcome<T>> => {
    let outcome: RebuildOutcome<T>;
    try {
      outcome = { ok: true, summary: await build(sld) };
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    lastOutcome.set(sld, outcome);
    return outcome;
  };

  const start = (sld: string, state: SiteState<T>): Promise<RebuildOutcome<T>> => {
    const running = run(sld).finally(() => {
      state.running = null;
    });
    state.running = running;
    return running;
  };

  return {
    request(sld) {
      if (stopped) return Promise.resolve(refused);
      const state = sites.get(sld) ?? { running: null, queued: null };
      sites.set(sld, state);
      if (state.queued) return state.queued;
      if (!state.running) return start(sld, state);
      state.queued = state.running.then(() => {
        state.queued = null;
        return stopped ? refused : start(sld, state);
      });
      return state.queued;
    },
    state(sld) {
      const state = sites.get(sld);
      if (state?.running && state.queued) return 'running+queued';
      // a follow-up that is due starts in the next moment: it is running already for whoever asks
      return state?.running || state?.queued ? 'running' : 'idle';
    },
    last: (sld) => lastOutcome.get(sld),
    stop() {
      stopped = true;
    },
    async idle() {
      for (;;) {
        const busy = [...sites.values()].flatMap((s) => [s.running, s.queued]).filter((p) => p !== null);
        if (busy.length === 0) return;
        await Promise.allSettled(busy);
      }
    },
  };
}
