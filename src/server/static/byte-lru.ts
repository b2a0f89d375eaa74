/**
 * A least-recently-used map bounded by the bytes of its values. Replacing a key first takes back
 * the old value's bytes, so the account never drifts however often a key is set.
 */
export type ByteLru<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly bytes: number;
  readonly size: number;
};

export function createByteLru<V>(maxBytes: number, sizeOf: (value: V) => number): ByteLru<V> {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      const old = entries.get(key);
      if (old) {
        entries.delete(key);
        bytes -= old.bytes;
      }
      const size = sizeOf(value);
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const [oldKey, oldest] of entries) {
        if (bytes <= maxBytes || oldKey === key) break;
        entries.delete(oldKey);
        bytes -= oldest.bytes;
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
