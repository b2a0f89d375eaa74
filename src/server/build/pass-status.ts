import type { PassCause } from '../../lib/console-answers.ts';
import type { PassRecord } from '../store/pass-history.ts';
/** What /_admin/rebuild/{sld} reports of a site's passes: the one in progress and the last one's result. */
export type PassResult = PassRecord & {
  /** pages a pass over changes looked up to learn what was added or removed (every page when it listed the site) */
  listed?: number;
};

export type PassStatus = {
  running: { kind: 'full' | 'changes'; causes?: PassCause[]; done: number; total: number; startedAt: string } | null;
  last: PassResult | null;
  /** the last passes, newest first (at most HISTORY_SIZE, since the server started) */
  history: PassResult[];
  /** passes finished since the server started, by kind: a burst of changes should add one, or a bounded few */
  finished: { full: number; changes: number };
};

/** how many finished passes a site's history keeps */
const HISTORY_SIZE = 10;

const blank = (): PassStatus => ({ running: null, last: null, history: [], finished: { full: 0, changes: 0 } });

export function createPassTracker(now: () => Date = () => new Date()) {
  const sites = new Map<string, PassStatus>();
  const of = (sld: string) => {
    let status = sites.get(sld);
    if (!status) {
      status = blank();
      sites.set(sld, status);
    }
    return status;
  };
  return {
    start(sld: string, kind: 'full' | 'changes', causes?: PassCause[]) {
      of(sld).running = { kind, ...(causes ? { causes } : {}), done: 0, total: 0, startedAt: now().toISOString() };
    },
    progress(sld: string, done: number, total: number) {
      const running = of(sld).running;
      if (running) Object.assign(running, { done, total });
    },
    cancel(sld: string) {
      of(sld).running = null;
    },
    /** the finished pass, as reported and recorded */
    finish(sld: string, result: Omit<PassResult, 'startedAt' | 'finishedAt'>): PassResult {
      const status = of(sld);
      const finished = now();
      const startedAt = status.running?.startedAt;
      const causes = status.running?.causes;
      status.running = null;
      status.last = {
        ...(causes ? { causes } : {}),
        ...result,
        startedAt: startedAt ?? finished.toISOString(),
        ...(startedAt === undefined
          ? {}
          : { durationMs: Math.max(0, finished.getTime() - new Date(startedAt).getTime()) }),
        finishedAt: finished.toISOString(),
      };
      status.history = [status.last, ...status.history].slice(0, HISTORY_SIZE);
      status.finished[result.kind]++;
      return structuredClone(status.last);
    },
    status: (sld: string): PassStatus => structuredClone(sites.get(sld) ?? blank()),
  };
}
