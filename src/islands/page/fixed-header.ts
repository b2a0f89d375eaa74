/**
 * Scroll watcher for the fixed (ceiling) header, a plain script: past the header's height the
 * header becomes fixed (SPEC section 4). The layout never asks for it on detail pages.
 */
import { setHeaderFixed } from '../state/header.ts';

export function installFixedHeader(header: HTMLElement): void {
  let threshold = header.offsetTop + header.offsetHeight;
  let fixed = false;
  const update = () => {
    const next = window.scrollY > threshold;
    if (next === fixed) return;
    fixed = next;
    // keep the page from jumping up by the header's height when it leaves the flow
    document.body.style.paddingTop = next ? `${header.offsetHeight}px` : '';
    header.classList.toggle('is-fixed', next);
    setHeaderFixed(next);
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', () => {
    if (!fixed) threshold = header.offsetTop + header.offsetHeight;
    update();
  });
}
