/**
 * The two-level side menu (navStyle 3, and every style on narrow screens). A <details> that works
 * without JavaScript; hydrated it slides in, locks page scrolling, traps focus and closes on Escape,
 * a click on the mask, a link followed, or a page shown again from history (docs/product-rules.md#side-menu).
 */
import { useStore } from '@nanostores/react';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { reactIsland } from './react-island.ts';
import { $sideMenuOpen, closeSideMenu, toggleSideMenu } from './state/side-menu.ts';

type Props = {
  /** the menu list (SideMenuList.astro), rendered on the server as plain HTML */
  children?: ReactNode;
  labels: { openMenu: string; closeMenu: string; sideMenu: string };
};

const FOCUSABLE = 'a[href], button:not([disabled]), summary';

/**
 * Opens the panel at its button: just below it, on the side of the screen the button is on (the
 * button sits left in the side-slider style and right in the narrow header).
 */
function placeAtButton(button: HTMLElement | null, panel: HTMLElement | null): void {
  if (!button || !panel) return;
  const rect = button.getBoundingClientRect();
  const fromRight = rect.left + rect.width / 2 > window.innerWidth / 2;
  panel.style.setProperty('--side-menu-top', `${Math.max(0, Math.round(rect.bottom))}px`);
  // never past the other edge of the screen
  const room = Math.max(0, window.innerWidth - panel.offsetWidth);
  panel.style.setProperty(
    '--side-menu-left',
    fromRight ? 'auto' : `${Math.round(Math.min(Math.max(0, rect.left), room))}px`,
  );
  panel.style.setProperty(
    '--side-menu-right',
    fromRight ? `${Math.round(Math.min(Math.max(0, window.innerWidth - rect.right), room))}px` : 'auto',
  );
  panel.dataset['side'] = fromRight ? 'right' : 'left';
}

function SideMenu({ children, labels }: Props) {
  const open = useStore($sideMenuOpen);
  const panelId = 'side-menu-panel';
  const summary = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('scroll-locked', open);
    if (open) {
      wasOpen.current = true;
      placeAtButton(summary.current, panel.current);
      panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      summary.current?.focus();
    }
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeSideMenu();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!panel.current.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    // a followed link (keyboard or mouse, it is a click either way) closes the menu
    const onLink = (event: Event) => {
      if ((event.target as Element | null)?.closest('a')) closeSideMenu();
    };
    const list = panel.current;
    list?.addEventListener('click', onLink);
    const onShow = () => closeSideMenu();
    window.addEventListener('pageshow', onShow);
    window.addEventListener('popstate', onShow);
    window.addEventListener('hashchange', onShow);
    return () => {
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('popstate', onShow);
      window.removeEventListener('hashchange', onShow);
      list?.removeEventListener('click', onLink);
      document.documentElement.classList.remove('scroll-locked');
    };
  }, []);

  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    toggleSideMenu();
  };

  return (
    <details className="side-menu" open={open}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole lint/a11y/noStaticElementInteractions: a summary is a native disclosure button; aria-expanded mirrors the open state it already exposes */}
      <summary
        ref={summary}
        aria-controls={panelId}
        aria-expanded={open}
        aria-label={open ? labels.closeMenu : labels.openMenu}
        onClick={toggle}
      >
        <span className="hamburger" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </summary>
      <div className="side-menu-mask" aria-hidden="true" onClick={() => closeSideMenu()} />
      <div className="side-menu-panel" id={panelId} ref={panel}>
        <button type="button" className="side-menu-close" aria-label={labels.closeMenu} onClick={() => closeSideMenu()}>
          ×
        </button>
        <nav aria-label={labels.sideMenu}>{children}</nav>
      </div>
    </details>
  );
}

export default reactIsland(SideMenu);
