/**
 * The horizontal menu. Server-rendered with every item (a wrapping menu without JavaScript); after
 * hydration it measures the items and moves those past the limit (SPEC section 4) into 'More'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fittingCount, overflowLimit } from '../lib/overflow.ts';
import { $headerFixed } from '../stores/header.ts';
import type { NavEntry, NavLink } from './nav-types.ts';
import { preactIsland } from './preact-island.ts';

type Props = { items: NavEntry[]; moreLabel: string; distributed: boolean; newTabLabel: string; label: string };

function Link({ link, newTabLabel }: { link: NavLink; newTabLabel: string }) {
  return (
    <a
      href={link.href}
      aria-current={link.current ? 'page' : undefined}
      {...(link.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {link.label}
      {link.newTab && <span className="visually-hidden">{newTabLabel}</span>}
    </a>
  );
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function MainNav({ items, moreLabel, distributed, newTabLabel, label }: Props) {
  const fixed = useStore($headerFixed);
  const list = useRef<HTMLUListElement>(null);
  const widths = useRef<number[] | null>(null);
  const [count, setCount] = useState(items.length);
  const [windowWidth, setWindowWidth] = useState(0);
  const moreId = 'more-menu-list';

  useIsomorphicLayoutEffect(() => {
    const measure = () => {
      const lis = list.current?.querySelectorAll<HTMLLIElement>(':scope > li.menu-item');
      if (!lis || lis.length === 0) return;
      const measured = [...lis].map((li) => li.getBoundingClientRect().width);
      // a hidden menu (narrow screens use the side menu) measures 0: keep every item
      if (measured.every((w) => w === 0)) return;
      widths.current = measured;
    };
    measure();
    setWindowWidth(window.innerWidth);
    const onResize = () => setWindowWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    // Escape and clicks elsewhere close the More popup
    const onKey = (event: KeyboardEvent) => {
      const open = list.current?.querySelector<HTMLDetailsElement>('.menu-more details[open]');
      if (event.key === 'Escape' && open) {
        open.open = false;
        open.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      const open = list.current?.querySelector<HTMLDetailsElement>('.menu-more details[open]');
      if (open && !open.contains(event.target as Node)) open.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [items.length]);

  useEffect(() => {
    if (!widths.current || windowWidth === 0) return;
    setCount(fittingCount(widths.current, overflowLimit({ fixed, windowWidth, distributed })));
  }, [fixed, windowWidth, distributed]);

  const more = items.slice(count);
  return (
    <ul className="menu" ref={list} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.key} className={item.children.length > 0 ? 'menu-item has-children' : 'menu-item'} hidden={index >= count}>
          <Link link={item} newTabLabel={newTabLabel} />
          {item.children.length > 0 && (
            <ul className="submenu">
              {item.children.map((child) => (
                <li key={child.href + child.label}>
                  <Link link={child} newTabLabel={newTabLabel} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      {more.length > 0 && (
        <li className="menu-more">
          <details>
            <summary aria-controls={moreId}>{moreLabel}</summary>
            <ul className="more-list" id={moreId}>
              {more.map((item) => (
                <li key={item.key}>
                  <Link link={item} newTabLabel={newTabLabel} />
                  {item.children.length > 0 && (
                    <ul>
                      {item.children.map((child) => (
                        <li key={child.href + child.label}>
                          <Link link={child} newTabLabel={newTabLabel} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </details>
        </li>
      )}
    </ul>
  );
}

export default preactIsland(MainNav);
