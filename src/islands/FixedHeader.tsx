/**
 * Scroll watcher for the fixed (ceiling) header: past the header's height the header becomes fixed
 * (SPEC section 4). Renders nothing; the layout never mounts it on detail pages.
 */
import { useEffect } from 'react';
import { setHeaderFixed } from './state/header.ts';
import { reactIsland } from './react-island.ts';

function FixedHeader({ headerId }: { headerId: string }) {
  useEffect(() => {
    const header = document.getElementById(headerId);
    if (!header) return;
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
    const onResize = () => {
      if (!fixed) threshold = header.offsetTop + header.offsetHeight;
      update();
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', onResize);
    };
  }, [headerId]);
  return null;
}

export default reactIsland(FixedHeader);
