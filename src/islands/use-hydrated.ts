import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydrating render, true after. Islands that show browser
 * state (a store filled before they hydrate) render it only from then on, so the hydrating render
 * matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
