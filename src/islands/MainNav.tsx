/**
 * The horizontal menu's behaviour. Its markup is plain HTML from MainNavList.astro (every item in
 * the bar, and a hidden copy of each in 'More'); after hydration this measures the bar's items and
 * shows those past the limit (SPEC section 4) in 'More' instead, again on resize and when the
 * header becomes fixed.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { dismissPopups } from '../lib/dismiss-popups.ts';
import { fittingCount, overflowLimit } from '../lib/overflow.ts';
import { $headerFixed } from './state/header.ts';
import { reactIsland } from './react-island.ts';

type Props = {
  /** the menu (MainNavList.astro), rendered on the server */
  children?: ReactNode;
  distributed: boolean;
};

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

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

function MainNav({ children, distributed }: Props) {
  const fixed = useStore($headerFixed);
  const root = useRef<HTMLDivElement>(null);
  const widths = useRef<number[] | null>(null);

  useIsomorphicLayoutEffect(() => {
    const menu = root.current?.querySelector<HTMLUListElement>('ul.menu');
    if (!menu) return;
    const apply = () => {
      if (!widths.current) {
        const measured = [...menu.querySelectorAll<HTMLLIElement>(':scope > li.menu-item')].map((li) => li.getBoundingClientRect().width);
        // a hidden menu (narrow screens use the side menu) measures 0: keep every item, measure later
        if (measured.length === 0 || measured.every((w) => w === 0)) return;
        widths.current = measured;
      }
      place(menu, fittingCount(widths.current, overflowLimit({ fixed, windowWidth: window.innerWidth, distributed })));
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [fixed, distributed]);

  // Escape and clicks elsewhere close the More popup
  useEffect(() => dismissPopups(() => root.current?.querySelectorAll<HTMLDetailsElement>('.menu-more details[open]') ?? []), []);

  return (
    <div className="main-nav" ref={root}>
      {children}
    </div>
  );
}

export default reactIsland(MainNav);
