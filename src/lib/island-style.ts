/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into <body> before the first island,
 * which is not valid HTML. The layout puts the same rule in <head> and the renderer
 * (src/server/build/renderer.ts) removes the body copy. Must match
 * astro/dist/runtime/server/astro-island-styles.js exactly.
 */
export const ISLAND_DISPLAY_CSS = 'astro-island,astro-slot,astro-static-slot{display:contents}';
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_DISPLAY_CSS}</style>`;

const HEAD_END = Buffer.from('</head>');
const RULE = Buffer.from(ISLAND_DISPLAY_CSS);
const ELEMENT = Buffer.from(ISLAND_STYLE_ELEMENT);

/**
 * Removes Astro's island style element from the body of a rendered page (its UTF-8 bytes: pages
 * are never decoded just for this) when the head already carries the rule; returns the page
 * unchanged otherwise (a page without the layout keeps Astro's own copy).
 */
export function withoutBodyIslandStyle(html: Buffer): Buffer {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const at = html.indexOf(ELEMENT, headEnd);
  if (at < 0 || html.lastIndexOf(RULE, headEnd) < 0) return html;
  return Buffer.concat([html.subarray(0, at), html.subarray(at + ELEMENT.length)]);
}
