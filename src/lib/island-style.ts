/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into <body> before the first island,
 * which is not valid HTML. The layout puts the same rule in <head> and the renderer
 * (src/server/build/renderer.ts) removes the body copy. Must match
 * astro/dist/runtime/server/astro-island-styles.js exactly.
 */
export const ISLAND_DISPLAY_CSS = 'astro-island,astro-slot,astro-static-slot{display:contents}';
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_DISPLAY_CSS}</style>`;
