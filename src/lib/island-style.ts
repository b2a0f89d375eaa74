/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into <body> before the first island,
 * which is not valid HTML. The layout puts the same rule in <head> and src/middleware.ts removes
 * the body copy. Must match astro/dist/runtime/server/astro-island-styles.js exactly.
 */
export const ISLAND_DISPLAY_CSS = 'astro-island,astro-slot,astro-static-slot{display:contents}';
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_DISPLAY_CSS}</style>`;

/**
 * Removes Astro's island style element from the body when the head already carries the rule;
 * returns the page unchanged otherwise (a page without the layout keeps Astro's own copy).
 */
export function withoutBodyIslandStyle(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const at = html.indexOf(ISLAND_STYLE_ELEMENT, headEnd);
  if (at < 0 || html.lastIndexOf(ISLAND_DISPLAY_CSS, headEnd) < 0) return html;
  return html.slice(0, at) + html.slice(at + ISLAND_STYLE_ELEMENT.length);
}
