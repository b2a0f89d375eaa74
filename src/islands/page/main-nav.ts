/**
 * The horizontal menu's behaviour, a plain script (it has no state of its own to render). Its markup
 * is plain HTML from MainNavList.astro (every item in the bar, and a hidden copy of each in 'More');
 * this measures the bar's items and shows those past the limit (docs/product-rules.md#menu-overflow) in 'More' instead,
 * again on resize and when the header becomes fixed.
 */
import { dismissPopups } from '../../lib/dismiss-popups.ts';
import { fittingCount, overflowLimit } from '../../lib/overflow.ts';
import { $headerFixed } from '../state/header.ts';

/** Shows the first `count` items in the bar and the rest in 'More'. */
function place(menu: HTMLUListElement, count: number): void {
  const bar = menu.querySelectorAll<HTMLLIElement>(':scope > li.menu-item');
  const more = menu.querySelectorAll<HTMLLIElement>(':scope > li.menu-more .more-list > li');
  bar.forEach((li, index) => {
    li.hidden = index >= count;
  });
  more.forEach((li, index) => {
    li.hidden = index < count;
  });
  const moreItem = menu.querySelector<HTMLLIElement>(':scope > li.menu-more');
  if (moreItem) moreItem.hidden = count >= bar.length;
}

export function installMainNav(root: HTMLElement): void {
  const menu = root.querySelector<HTMLUListElement>('ul.menu');
  if (!menu) return;
  const distributed = root.dataset['distributed'] === 'true';
  let widths: number[] | null = null;
  const apply = () => {
    if (!widths) {
      const measured = [...menu.querySelectorAll<HTMLLIElement>(':scope > li.menu-item')].map(
        (li) => li.getBoundingClientRect().width,
      );
      // a hidden menu (narrow screens use the side menu) measures 0: keep every item, measure later
      if (measured.length === 0 || measured.every((w) => w === 0)) return;
      widths = measured;
    }
    place(
      menu,
      fittingCount(widths, overflowLimit({ fixed: $headerFixed.get(), windowWidth: window.innerWidth, distributed })),
    );
  };
  $headerFixed.subscribe(apply);
  window.addEventListener('resize', apply);
  // Escape and clicks elsewhere close the More popup
  dismissPopups(() => root.querySelectorAll<HTMLDetailsElement>('.menu-more details[open]'));
}
