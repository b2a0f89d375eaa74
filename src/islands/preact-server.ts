/**
 * Astro's server renderer for the islands: @astrojs/preact's, with each island's HTML remembered.
 * An island's markup is a function of its component, props and slot HTML only, and the shell's
 * islands (menus, search box, banner, login, footer visits, tools) get the same ones on page after
 * page: Preact rendered them again on every page, about 15% of a page's rendering (docs/decisions.md).
 *
 * Only the HTML is reused. The Preact renderer numbers a page's islands in a private counter
 * (`data-preact-island-id`), so a remembered island still asks it for the next number by rendering
 * an empty component. Islands must not call useId, whose values come from that number.
 * Props are the memory's key as JSON, so only props that JSON writes faithfully are remembered:
 * a Map, a Date or a function would collapse into a key that other values share.
 */
import preact from '@astrojs/preact/server.js';
import type { NamedSSRLoadedRendererValue } from 'astro';
import { isPlainData } from './plain-data.ts';

/** per component: the shell's islands have one entry per language; LanguageToggle one per page */
const ENTRIES_PER_COMPONENT = 64;
const remembered = new WeakMap<object, Map<string, string>>();
const Empty = () => null;

type Render = NamedSSRLoadedRendererValue['renderToStaticMarkup'];

/** Slot values are Astro's HTML strings (String objects): JSON writes their text. */
const isSlotHtml = (value: unknown) => typeof value === 'string' || value instanceof String;

const renderToStaticMarkup: Render = async function (this: unknown, Component, props, slots, metadata) {
  if (typeof Component !== 'function' || !isPlainData(props) || !Object.values(slots).every(isSlotHtml))
    return preact.renderToStaticMarkup.call(this, Component, props, slots, metadata);
  let byInput = remembered.get(Component);
  if (!byInput) {
    byInput = new Map();
    remembered.set(Component, byInput);
  }
  const key = JSON.stringify([props, slots, metadata?.astroStaticSlot === true && !metadata.hydrate]);
  const html = byInput.get(key);
  if (html !== undefined) {
    const { attrs } = await preact.renderToStaticMarkup.call(this, Empty, {}, {}, metadata);
    return attrs ? { html, attrs } : { html };
  }
  const rendered = await preact.renderToStaticMarkup.call(this, Component, props, slots, metadata);
  if (byInput.size >= ENTRIES_PER_COMPONENT) byInput.delete(byInput.keys().next().value ?? '');
  byInput.set(key, rendered.html);
  return rendered;
};

const renderer: NamedSSRLoadedRendererValue = { ...preact, renderToStaticMarkup };
export default renderer;
