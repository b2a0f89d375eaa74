/**
 * Reloads the page when one of its chunks fails to load (a deploy replaced the hashed files the page
 * names), at most once a minute so a chunk that stays missing cannot loop the page.
 */
import { isChunkLoadError, mayReload } from '../../lib/reload-guard.ts';

const STAMP_KEY = 'chunkReloadAt';

function lastReload(): number | null {
  try {
    const stamp = sessionStorage.getItem(STAMP_KEY);
    return stamp === null ? null : Number(stamp);
  } catch {
    return null;
  }
}

/** Reloads if the guard allows; true when it did (the caller then hides the error). */
function reloadOnce(): boolean {
  const now = Date.now();
  if (!mayReload(now, lastReload())) return false;
  try {
    sessionStorage.setItem(STAMP_KEY, String(now));
  } catch {
    return false; // without storage the guard cannot hold: never reload
  }
  location.reload();
  return true;
}

export function installReloadGuard(): void {
  // Astro's islands report a failed import (after one retry) as a cancelable event
  document.addEventListener('astro:hydration-error', (event) => {
    const error = (event as CustomEvent<{ error: unknown }>).detail?.error;
    if (isChunkLoadError(error) && reloadOnce()) event.preventDefault();
  });
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  });
}
