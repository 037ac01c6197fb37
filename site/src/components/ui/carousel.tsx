import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useLazyEmbla } from './use-lazy-embla.tsx';
import styles from './carousel.module.css';

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. 'Current promotions'. */
  label: string;
  /** Spec §9: carousels loop. */
  loop?: boolean;
  /** Slides visible at once from the md breakpoint up (1 on small screens). */
  slidesPerViewMd?: 1 | 2 | 3 | 4;
  slides: { key: string; label: string; content: ReactNode }[];
}

/**
 * Horizontally scrolling slides (embla) with labelled previous/next buttons, per-slide
 * group roles and a polite live status, following the WAI-ARIA carousel pattern.
 */
export function Carousel({ label, loop = true, slidesPerViewMd = 1, slides }: CarouselProps) {
  const { viewportRef, api, binder } = useLazyEmbla({ loop, align: 'start' });
  // Embla is an external store: read its position through useSyncExternalStore so the
  // controls follow it without effects that copy state.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {};
      api.on('select', onChange).on('reInit', onChange);
      return () => {
        api.off('select', onChange).off('reInit', onChange);
      };
    },
    [api],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (api ? `${api.selectedScrollSnap()}|${api.canScrollPrev()}|${api.canScrollNext()}` : '0|false|false'),
    // Server render and hydration: no embla yet, the first slide selected.
    () => '0|false|false',
  );
  const [selectedText = '0', prevText, nextText] = snapshot.split('|');
  const selected = Number(selectedText);
  const canScroll = { prev: prevText === 'true', next: nextText === 'true' };

  const single = slides.length <= 1;
  return (
    <section className={styles.root} aria-roledescription="carousel" aria-label={label} data-per-view={slidesPerViewMd}>
      {binder}
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className={styles.slide}
              // The WAI-ARIA carousel pattern names each slide with role=group + roledescription.
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.label}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {single ? null : (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => api?.scrollPrev()} disabled={!canScroll.prev} aria-label="Previous slide">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M12.5 4l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <p className={styles.status} aria-live="polite">
            {selected + 1} / {slides.length}
          </p>
          <button type="button" className={styles.arrow} onClick={() => api?.scrollNext()} disabled={!canScroll.next} aria-label="Next slide">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M7.5 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
