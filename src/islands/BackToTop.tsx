/** Back-to-top button: shown past 300 px, scrolls up over about 500 ms (instantly with reduced motion). */
import { useEffect, useState } from 'react';
import { BACK_TO_TOP_AFTER, BACK_TO_TOP_DURATION_MS, BACK_TO_TOP_STEP_MS, TOOL_OFFSETS } from '../lib/constants.ts';
import { reactIsland } from './react-island.ts';

function BackToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  function toTop() {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo(0, 0);
      return;
    }
    const start = window.scrollY;
    const steps = Math.max(1, Math.round(BACK_TO_TOP_DURATION_MS / BACK_TO_TOP_STEP_MS));
    let step = 0;
    const timer = setInterval(() => {
      step++;
      window.scrollTo(0, Math.round(start * (1 - step / steps)));
      if (step >= steps) clearInterval(timer);
    }, BACK_TO_TOP_STEP_MS);
  }

  return (
    <button
      type="button"
      className="tool-button back-to-top"
      style={{ bottom: TOOL_OFFSETS.backToTop }}
      hidden={!visible}
      aria-label={label}
      title={label}
      onClick={toTop}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
        <path
          d="M6 14l6-6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export default reactIsland(BackToTop);
