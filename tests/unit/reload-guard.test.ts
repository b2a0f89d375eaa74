import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS } from '../../src/lib/constants.ts';
import { isChunkLoadError, mayReload } from '../../src/lib/reload-guard.ts';

describe('chunk-load reload guard (SPEC section 8)', () => {
  it('knows a failed chunk in Chromium, Firefox and Safari words, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/A.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/_astro/A.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const now = 1_000_000;
    expect(mayReload(now, null)).toBe(true);
    expect(mayReload(now, now - 1000)).toBe(false);
    expect(mayReload(now, now - RELOAD_GUARD_MS + 1)).toBe(false);
    expect(mayReload(now, now - RELOAD_GUARD_MS)).toBe(true);
    // a stamp from the future (the clock was set back) or garbage does not lock reloads forever
    expect(mayReload(now, now + 5000)).toBe(true);
    expect(mayReload(now, Number.NaN)).toBe(true);
  });
});
