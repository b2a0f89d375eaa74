/** Each item's result in the items' order, `size` items at a time: an upstream API is asked a few things at once, never all. */
export async function inBatches<T, R>(items: readonly T[], size: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(read))));
  return results;
}
