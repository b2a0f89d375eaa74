/**
 * The top news banner (90 px): a carousel that only moves when asked (no auto-play), closable, and
 * remembered closed in localStorage 'topBanner' (an inline head script hides it before first paint).
 */
import { useState } from 'react';
import { reactIsland } from './react-island.ts';
import { closeTopBanner } from './state/top-banner.ts';

export type TopBannerSlide = { id: number; image: string | null; title: string; href: string; external: boolean };

type Props = {
  slides: TopBannerSlide[];
  ids: string;
  labels: { label: string; close: string; previous: string; next: string; slide: string; opensInNewTab: string };
};

function TopBanner({ slides, ids, labels }: Props) {
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  if (closed || slides.length === 0) return null;
  const go = (delta: number) => setActive((current) => (current + delta + slides.length) % slides.length);
  return (
    <section className="top-banner" aria-roledescription="carousel" aria-label={labels.label}>
      <div className="top-banner-track">
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group
          <div
            key={slide.id}
            className="top-banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={labels.slide.replace('{n}', String(index + 1)).replace('{total}', String(slides.length))}
            hidden={index !== active}
          >
            <a href={slide.href} {...(slide.external ? { target: '_blank', rel: 'noopener' } : {})}>
              {slide.image && <img src={slide.image} alt={slide.title} height={90} width={1200} decoding="async" />}
              {/* a phone shows the title as text: the 1200 px picture would be cut or unreadable */}
              <span className={slide.image ? 'top-banner-title top-banner-text' : 'top-banner-title'}>
                {slide.title}
              </span>
              {slide.external && <span className="visually-hidden">{labels.opensInNewTab}</span>}
            </a>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" className="top-banner-prev" aria-label={labels.previous} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="top-banner-next" aria-label={labels.next} onClick={() => go(1)}>
            ›
          </button>
        </>
      )}
      <button
        type="button"
        className="top-banner-close"
        aria-label={labels.close}
        onClick={() => {
          closeTopBanner(ids);
          setClosed(true);
        }}
      >
        ×
      </button>
    </section>
  );
}

export default reactIsland(TopBanner);
