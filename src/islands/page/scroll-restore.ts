/**
 * docs/product-rules.md#scroll-and-hash: the scroll position is restored manually. Each history entry gets a key in its
 * state; leaving the page stores its position under that key, and coming back to the entry through
 * back or forward scrolls there once the page has laid out.
 */
const PREFIX = 'scroll:';

function entryKey(): string {
  const state: unknown = history.state;
  const known =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>)['scrollKey'] : undefined;
  if (typeof known === 'string') return known;
  const key = Math.random().toString(36).slice(2);
  history.replaceState({ ...(typeof state === 'object' && state !== null ? state : {}), scrollKey: key }, '');
  return key;
}

function cameBack(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward';
}

export function installScrollRestoration(): void {
  if (!('scrollRestoration' in history)) return;
  history.scrollRestoration = 'manual';
  const key = entryKey();
  const save = () => {
    try {
      sessionStorage.setItem(PREFIX + key, String(Math.round(window.scrollY)));
    } catch {
      // storage full or disabled: the page opens at the top
    }
  };
  window.addEventListener('pagehide', save);
  if (!cameBack()) return;
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(PREFIX + key);
  } catch {
    return;
  }
  const y = Number(stored);
  if (stored === null || !Number.isFinite(y)) return;
  const restore = () => window.scrollTo(0, y);
  if (document.readyState === 'complete') restore();
  else window.addEventListener('load', restore, { once: true });
}
