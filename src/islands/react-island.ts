/**
 * Names an island's renderer for Astro. Untagged, Astro asks the renderer's check() whether it can
 * draw the component, and React's check answers by rendering the whole component once: every
 * island would be rendered twice on every page.
 */
const RENDERER = Symbol.for('astro:renderer');

export function reactIsland<C extends (props: never) => unknown>(component: C): C {
  Object.defineProperty(component, RENDERER, { value: '@astrojs/react' });
  return component;
}
