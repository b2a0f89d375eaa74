/** docs/product-rules.md#api-errors: a chunk that fails to load reloads the page, at most once a minute. */
import { RELOAD_GUARD_MS } from './constants.ts';

/** Chromium, Firefox and Safari's words for a script module or dynamic import that did not load. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_FAILURE.test(message);
}

/** Whether a reload may happen now, given when the last one happened (null: never). */
export function mayReload(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= RELOAD_GUARD_MS ||
    now < lastReloadAt
  );
}
