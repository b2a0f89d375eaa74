/** What /_admin/rebuild/{sld} reports of a site's passes: the one in progress and the last one's result. */
export type PassResult = {
  ok: boolean;
  /** 'full': every page; 'changes': the pages recorded changes touched */
  kind: 'full' | 'changes';
  /** pages rendered, by kind */
  pages: Record<string, number>;
  /** pages that failed (the previous version kept serving) */
  failed: { path: string; reason: string }[];
  error?: string;
  /** seconds per step of a pass over changes (plan, list, link, render, templates, check, sitemaps, swap) */
  steps?: Record<string, number>;
  startedAt: string;
  finishedAt: string;
};

export type PassStatus = {
  running: { kind: 'full' | 'changes'; done: number; total: number; startedAt: string } | null;
  last: PassResult | null;
  /** passes finished since the server started, by kind: a burst of changes should add one, or a bounded few */
  finished: { full: number; changes: number };
};

const blank = (): PassStatus => ({ running: null, last: null, finished: { full: 0, changes: 0 } });

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
    start(sld: string, kind: 'full' | 'changes') {
      of(sld).running = { kind, done: 0, total: 0, startedAt: now().toISOString() };
    },
    progress(sld: string, done: number, total: number) {
      const running = of(sld).running;
      if (running) Object.assign(running, { done, total });
    },
    cancel(sld: string) {
      of(sld).running = null;
    },
    finish(sld: string, result: Omit<PassResult, 'startedAt' | 'finishedAt'>) {
      const status = of(sld);
      const finishedAt = now().toISOString();
      status.last = { ...result, startedAt: status.running?.startedAt ?? finishedAt, finishedAt };
      status.running = null;
      status.finished[result.kind]++;
    },
    status: (sld: string): PassStatus => structuredClone(sites.get(sld) ?? blank()),
  };
}
