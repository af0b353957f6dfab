import { CAROUSEL_INTERVAL_MS } from '@storefront/contracts/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Slides that advance every 4 s (spec §9), pausing while hovered or focused; arrows for keyboard users. */
export function Carousel({ slides, label }: { slides: ReactNode[]; label: string }) {
  const { t } = useTranslation('landing');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const total = slides.length;
  useEffect(() => {
    if (paused || total < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % total), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, total]);
  if (total === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group */}
      <div
        className="carousel-slide"
        role="group"
        aria-roledescription="slide"
        aria-label={t('slide', { n: index + 1, total })}
        data-index={index}
      >
        {slides[index]}
      </div>
      {total > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="button secondary"
            onClick={() => setIndex((index - 1 + total) % total)}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t('previous')}</span>
          </button>
          <button type="button" className="button secondary" onClick={() => setIndex((index + 1) % total)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t('next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
