/** A task's outcome: its value, or the error it failed with. */
export type Settled<T, R> = { item: T; value: R } | { item: T; error: Error };

/**
 * Runs `run` over items in order, starting the next item while the current one finishes (never
 * more than two at once), and yields each outcome in order. A failure is yielded, not thrown, and
 * the items after it still run.
 */
export async function* oneAhead<T, R>(items: readonly T[], run: (item: T) => Promise<R>): AsyncGenerator<Settled<T, R>> {
  const start = (item: T): Promise<Settled<T, R>> =>
    run(item).then(
      (value) => ({ item, value }),
      (error: unknown) => ({ item, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  let next = items.length > 0 ? start(items[0] as T) : null;
  for (let index = 1; next; index++) {
    const current = next;
    next = index < items.length ? start(items[index] as T) : null;
    yield await current;
  }
}
