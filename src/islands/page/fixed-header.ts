/**
 * Scroll watcher for the fixed (ceiling) header, a plain script: past the header's height the
 * header becomes fixed (docs/product-rules.md#fixed-header). The layout never asks for it on detail pages.
 */
import { setHeaderFixed } from '../state/header.ts';

/** The header's height as it is drawn (fractional): what leaves the flow when it becomes fixed. */
function drawnHeight(element: HTMLElement): number {
  return element.getBoundingClientRect().height;
}

/** How tall the header is once fixed (it drops its top bar): measured with the class on, then off. */
function fixedHeight(header: HTMLElement): number {
  if (header.classList.contains('is-fixed')) return drawnHeight(header);
  header.classList.add('is-fixed');
  const height = drawnHeight(header);
  header.classList.remove('is-fixed');
  return height;
}

export function installFixedHeader(header: HTMLElement): void {
  const root = document.documentElement;
  let threshold = header.offsetTop + header.offsetHeight;
  let fixed = false;
  // anchors, focus and scrollIntoView stop below the fixed header rather than under it
  const reserve = () => {
    root.style.scrollPaddingTop = `${Math.ceil(fixedHeight(header))}px`;
  };
  const update = () => {
    const next = window.scrollY > threshold;
    if (next === fixed) return;
    fixed = next;
    // the header leaves the flow: the body takes its exact height, so the page keeps its length
    // (a rounded height made it a pixel shorter, enough to keep a short page from reaching 300 px)
    document.body.style.paddingTop = next ? `${drawnHeight(header)}px` : '';
    header.classList.toggle('is-fixed', next);
    setHeaderFixed(next);
  };
  reserve();
  update();
  window.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', () => {
    if (!fixed) threshold = header.offsetTop + header.offsetHeight;
    reserve();
    update();
  });
}
