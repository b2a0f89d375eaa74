import { describe, expect, it } from 'vitest';
import { createByteLru } from '../../src/server/static/byte-lru.ts';

const lru = (max: number) => createByteLru<string>(max, (value) => value.length);

describe('byte-bounded LRU', () => {
  it('counts a key set again once, however often it is set', () => {
    const cache = lru(100);
    for (let i = 0; i < 1000; i++) cache.set('page', 'x'.repeat(10));
    expect(cache.bytes).toBe(10);
    expect(cache.size).toBe(1);
    expect(cache.get('page')).toBe('x'.repeat(10));
  });

  it('evicts the least recently used entries once over budget', () => {
    const cache = lru(30);
    cache.set('a', 'a'.repeat(10));
    cache.set('b', 'b'.repeat(10));
    cache.set('c', 'c'.repeat(10));
    cache.get('a');
    cache.set('d', 'd'.repeat(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('a'.repeat(10));
    expect(cache.get('c')).toBe('c'.repeat(10));
    expect(cache.bytes).toBe(30);
  });

  it('keeps the newest entry even when it alone is over budget', () => {
    const cache = lru(5);
    cache.set('small', 'ab');
    cache.set('big', 'x'.repeat(9));
    expect(cache.get('small')).toBeUndefined();
    expect(cache.get('big')).toBe('x'.repeat(9));
    expect(cache.bytes).toBe(9);
  });
});
