/**
 * Names an island's renderer for Astro. Untagged, Astro asks the renderer's check() whether it can
 * draw the component, and Preact's check answers by rendering the whole component once: every
 * island was rendered twice on every page.
 */
const RENDERER = Symbol.for('astro:renderer');

export function preactIsland<C extends (props: never) => unknown>(component: C): C {
  Object.defineProperty(component, RENDERER, { value: '@astrojs/preact' });
  return component;
}
