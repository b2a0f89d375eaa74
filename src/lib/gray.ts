/** docs/product-rules.md#gray-mode: 0 none, 1 grayscale on the home area only, any other value the whole page. */

export type GrayScope = 'none' | 'home' | 'page';

export function grayScope(grayType: number): GrayScope {
  if (grayType === 0) return 'none';
  if (grayType === 1) return 'home';
  return 'page';
}

/** Where the grayscale filter goes on this page: the whole page, the main (home) area, or nowhere. */
export function grayTarget(grayType: number, kind: 'home' | 'detail' | 'page'): 'page' | 'main' | null {
  const scope = grayScope(grayType);
  if (scope === 'page') return 'page';
  if (scope === 'home' && kind === 'home') return 'main';
  return null;
}
