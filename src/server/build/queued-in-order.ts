/** A task's outcome: its value, or the error it failed with. */
export type Settled<T, R> = { item: T; value: R } | { item: T; error: Error };

/**
 * Runs `run` over items and yields each outcome in the items' order. Each item starts once the one
 * before it calls `queued` (or settles): a site build calls it when its pages wait in the render
 * pool's queue, so the next site lists its pages while this one renders and queues behind it,
 * never ahead. A failure is yielded, not thrown, and the items after it still run.
 */
export async function* queuedInOrder<T, R>(
  items: readonly T[],
  run: (item: T, queued: () => void) => Promise<R>,
): AsyncGenerator<Settled<T, R>> {
  const outcomes: Promise<Settled<T, R>>[] = [];
  const start = (index: number) => {
    const item = items[index];
    if (index >= items.length || outcomes[index] || item === undefined) return;
    const next = () => start(index + 1);
    outcomes[index] = run(item, next).then(
      (value) => {
        next();
        return { item, value };
      },
      (error: unknown) => {
        next();
        return { item, error: error instanceof Error ? error : new Error(String(error)) };
      },
    );
  };
  start(0);
  for (let index = 0; index < items.length; index++) {
    const outcome = outcomes[index];
    if (outcome) yield await outcome;
  }
}
