/**
 * How many on-demand renders run at once in this process, and how many may wait. Rendering is CPU
 * work on the event loop: more at once only makes each one slower, so a few run and the rest wait
 * in order; when the queue is full the visitor gets a short "busy, retry" page (503, Retry-After)
 * at once rather than a page many seconds later. docs/decisions.md says why these numbers.
 */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export type RenderGate = {
  /** runs `task` when a slot is free; null when the queue is full (the task never runs) */
  run<T>(task: () => Promise<T>): Promise<T | null>;
};

export function createRenderGate(limits: { concurrency: number; queue: number }): RenderGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running >= limits.concurrency) {
        if (waiting.length >= limits.queue) return null;
        // the slot is handed over by release(): `running` stays the same
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
