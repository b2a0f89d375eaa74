/** Removes Astro's copy of the island style from a rendered page's body (the rule: src/lib/island-style.ts). */
import { ISLAND_DISPLAY_CSS, ISLAND_STYLE_ELEMENT } from '../../lib/island-style.ts';

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
